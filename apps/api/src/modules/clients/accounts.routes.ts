import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientIdParamsSchema,
  collaboratorClientItemSchema,
  collaboratorParamsSchema,
  idParamsSchema,
  myClientDetailsSchema,
  ownerClientItemSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import { IF_MATCH_NOTE, ifMatchOf } from '../../lib/row-version.js';
import type { AccountsService } from './accounts.service.js';
import { accountHolderScopeOf } from './client-scope.js';

/** The Accounts screen (spec 02 sections 3, 4). Everything is for the caller's own clients; anything else is 404. */
export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  app.get(
    '/document/users/me/clients/owner',
    {
      config: { permission: 'account:list' },
      schema: {
        tags: ['document'],
        summary: 'The clients the signed-in client user owns, with advisor and collaborators',
        response: { 200: z.array(ownerClientItemSchema) },
      },
    },
    async (request) => accounts.owned(accountHolderScopeOf(principalOf(request))),
  );

  app.get(
    '/document/users/me/clients/collaborator',
    {
      config: { permission: 'account:list' },
      schema: {
        tags: ['document'],
        summary: 'The clients the signed-in client user actively collaborates on, with the services granted to them',
        response: { 200: z.array(collaboratorClientItemSchema) },
      },
    },
    async (request) => accounts.collaborating(accountHolderScopeOf(principalOf(request))),
  );

  app.get(
    '/document/users/me/clients/:id/details',
    {
      config: { permission: 'account:list' },
      schema: {
        tags: ['document'],
        summary: 'Details panel of a client the caller owns or actively collaborates on',
        description: 'Sensitive numbers masked; empty values null. 404 for any other client.',
        params: idParamsSchema,
        response: { 200: myClientDetailsSchema },
      },
    },
    async (request) => accounts.details(accountHolderScopeOf(principalOf(request)), request.params.id),
  );

  app.patch(
    '/document/users/me/clients/:clientId/collaborators/:userId/activate',
    {
      config: { permission: 'account:list' },
      schema: {
        tags: ['document'],
        summary: 'The owner gives a collaborator access to the client again',
        description: `The owner's accounts list carries each collaborator's \`version\`. ${IF_MATCH_NOTE}`,
        params: collaboratorParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { clientId, userId } = request.params;
      await accounts.activateCollaborator(
        accountHolderScopeOf(principalOf(request)),
        clientId,
        userId,
        requestContext(request),
        ifMatchOf(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/document/users/me/clients/:clientId/collaborators/:userId/deactivate',
    {
      config: { permission: 'account:list' },
      schema: {
        tags: ['document'],
        summary: 'The owner takes access to the client from a collaborator, effective at once',
        description: `The owner's accounts list carries each collaborator's \`version\`. ${IF_MATCH_NOTE}`,
        params: collaboratorParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { clientId, userId } = request.params;
      await accounts.deactivateCollaborator(
        accountHolderScopeOf(principalOf(request)),
        clientId,
        userId,
        requestContext(request),
        ifMatchOf(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/document/users/me/clients/:clientId/collaboration',
    {
      config: { permission: 'account:list' },
      schema: {
        tags: ['document'],
        summary: 'A collaborator leaves a client; it stops being their current client',
        params: clientIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await accounts.leave(
        accountHolderScopeOf(principalOf(request)),
        request.params.clientId,
        requestContext(request),
      );
      return reply.status(204).send(null);
    },
  );
};
