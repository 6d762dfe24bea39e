import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationListQuerySchema,
  invitationListSchema,
  invitationReceivedInputSchema,
  invitationReceivedResultSchema,
  registerClientInputSchema,
  registerClientResultSchema,
  sendInvitationInputSchema,
  sendInvitationResultSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import type { InvitationsService } from './invitations.service.js';
import type { RegistrationService } from './registration.service.js';

export const invitationsRoutes: FastifyPluginAsyncZod<{
  invitations: InvitationsService;
  registration: RegistrationService;
}> = async (app, { invitations, registration }) => {
  app.get(
    '/document/invitations',
    {
      config: { permission: 'invitation:list' },
      schema: {
        tags: ['document'],
        summary:
          'Invitations: admins (and other staff granted the list) all, advisors those they sent, client users those onto their current client',
        description:
          'Filters: recipientEmailAddress (contains), status, clientId; type and senderUserId for admins only ' +
          '(ignored for others). Sorted by creationTime, newest first, unless sortedBy says otherwise.',
        querystring: invitationListQuerySchema,
        response: { 200: invitationListSchema },
      },
    },
    async (request) => invitations.list(principalOf(request), request.query),
  );

  app.post(
    '/document/invitations/send',
    {
      config: { permission: 'invitation:send', idempotent: true },
      schema: {
        tags: ['document'],
        summary: 'Invite someone to register: staff invite a prospective client, a client owner a collaborator',
        description:
          'resultType 1: sent; 2: the address belongs to a registered user; 3: the address is already the ' +
          "owner or a collaborator of the client user's current client. Client users need a current client " +
          'they own.',
        body: sendInvitationInputSchema,
        response: { 200: sendInvitationResultSchema },
      },
    },
    async (request) => invitations.send(principalOf(request), request.body, requestContext(request)),
  );

  app.post(
    '/identity/invitations/received',
    {
      config: { public: true, idempotent: false },
      schema: {
        tags: ['identity'],
        summary: 'Check a registration link and mark its invitation received',
        body: invitationReceivedInputSchema,
        response: { 200: invitationReceivedResultSchema },
      },
    },
    async (request) => invitations.received(request.body.registrationToken),
  );

  app.post(
    '/identity/register/client',
    {
      config: { public: true },
      schema: {
        tags: ['identity'],
        summary: 'Register a client user from an invitation link',
        description:
          '201 with the new user id. 400 INVALID_REGISTRATION_TOKEN for an unknown, expired or used link; ' +
          '400 REGISTRATION_EMAIL_MISMATCH when the address is not the invited one; 409 ' +
          'EMAIL_ALREADY_REGISTERED; 429 after too many failures from one address.',
        body: registerClientInputSchema,
        response: { 201: registerClientResultSchema },
      },
    },
    async (request, reply) => {
      const result = await registration.registerClient(request.body, requestContext(request));
      return reply.status(201).send(result);
    },
  );
};
