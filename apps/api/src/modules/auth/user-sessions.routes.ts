import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANY_SIGNED_IN,
  idParamsSchema,
  sessionDtoSchema,
  sessionIdParamsSchema,
  userSessionParamsSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import type { UserSessionsService } from './user-sessions.service.js';

const PERMISSION = {
  revokeOthers: 'session:revoke',
} as const;

export const userSessionsRoutes: FastifyPluginAsyncZod<{ service: UserSessionsService }> = async (app, { service }) => {
  app.get(
    '/identity/users/me/sessions',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: ['identity'],
        summary: "The caller's active sessions; `current` marks the one the request came from",
        response: { 200: z.array(sessionDtoSchema) },
      },
    },
    async (request) => service.mySessions(principalOf(request)),
  );

  app.delete(
    '/identity/users/me/sessions/:id',
    {
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: ['identity'],
        summary: "Ends one of the caller's sessions (the current one: as logout)",
        params: sessionIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.revokeMine(request.params.id, principalOf(request), requestContext(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/identity/users/:id/sessions',
    {
      config: { permission: PERMISSION.revokeOthers },
      schema: {
        tags: ['identity'],
        summary: "A user's active sessions",
        params: idParamsSchema,
        response: { 200: z.array(sessionDtoSchema) },
      },
    },
    async (request) => service.userSessions(request.params.id),
  );

  app.delete(
    '/identity/users/:id/sessions',
    {
      config: { permission: PERMISSION.revokeOthers },
      schema: {
        tags: ['identity'],
        summary: 'Ends every session of a user at once',
        params: idParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.revokeAllOfUser(request.params.id, principalOf(request), requestContext(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/identity/users/:id/sessions/:sessionId',
    {
      config: { permission: PERMISSION.revokeOthers },
      schema: {
        tags: ['identity'],
        summary: "Ends one session of a user; a session that is not that user's live one is 404",
        params: userSessionParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { id, sessionId } = request.params;
      await service.revokeOneOfUser(id, sessionId, principalOf(request), requestContext(request));
      return reply.status(204).send(null);
    },
  );
};
