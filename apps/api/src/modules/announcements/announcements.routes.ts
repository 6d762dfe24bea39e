import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  acknowledgeAnnouncementInputSchema,
  acknowledgementListSchema,
  announcementDetailsSchema,
  announcementListSchema,
  ANY_SIGNED_IN,
  createAnnouncementInputSchema,
  idParamsSchema,
  listAcknowledgementsQuerySchema,
  listAnnouncementsQuerySchema,
  unconfirmedAnnouncementSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf, withEtag } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import { clientScopeOf } from '../clients/index.js';
import type { Actor, AnnouncementsService } from './announcements.service.js';

const TAGS = ['document'];
const noContent = { 204: z.null().describe('No content') };

function actorOf(request: FastifyRequest): Actor {
  return { userId: principalOf(request).userId, context: requestContext(request) };
}

/** Announcements (spec 02 "Announcements", sections 3-9) and their confirmation after sign-in (spec 01 section 4.5). */
export const announcementsRoutes: FastifyPluginAsyncZod<{ announcements: AnnouncementsService }> = async (
  app,
  { announcements },
) => {
  app.get(
    '/document/announcements',
    {
      config: { permission: 'announcement:list' },
      schema: {
        tags: TAGS,
        summary: 'Announcements, newest first',
        querystring: listAnnouncementsQuerySchema,
        response: { 200: announcementListSchema },
      },
    },
    async (request) => announcements.list(request.query),
  );

  app.get(
    '/document/announcements/unconfirmed',
    {
      // Client users hold no announcement permission; the answer is scoped to the caller's own clients.
      config: { permission: ANY_SIGNED_IN },
      schema: {
        tags: TAGS,
        summary: "The caller's active, unexpired announcements not yet confirmed for all their clients, oldest first",
        description:
          'Each item names the clients (owned or actively collaborated on, active) the caller has not confirmed it for. ' +
          'Staff have no clients and get an empty list.',
        response: { 200: z.array(unconfirmedAnnouncementSchema) },
      },
    },
    async (request) => announcements.unconfirmed(clientScopeOf(principalOf(request))),
  );

  app.get(
    '/document/announcements/:id',
    {
      config: { permission: 'announcement:view' },
      schema: {
        tags: TAGS,
        summary: 'One announcement with its sanitised body and acknowledgment text',
        params: idParamsSchema,
        response: { 200: announcementDetailsSchema },
      },
    },
    async (request, reply) => withEtag(reply, await announcements.get(request.params.id)),
  );

  app.get(
    '/document/announcements/:id/acknowledgements',
    {
      config: { permission: 'announcement:view' },
      schema: {
        tags: TAGS,
        summary: 'Who confirmed the announcement (status=acknowledged) or has not yet (status=pending)',
        description:
          'Pending: owners and active collaborators of active clients, active users only, per client, without a confirmation.',
        params: idParamsSchema,
        querystring: listAcknowledgementsQuerySchema,
        response: { 200: acknowledgementListSchema },
      },
    },
    async (request) =>
      announcements.acknowledgements(request.params.id, request.query, clientScopeOf(principalOf(request))),
  );

  app.post(
    '/document/announcements',
    {
      config: { permission: 'announcement:add' },
      schema: {
        tags: TAGS,
        summary: 'Create an announcement; it is active at once',
        description:
          "body and acknowledgmentText are sanitised to the editor's tags. expirationDate (YYYY-MM-DD, optional) " +
          "must not be earlier than today's UTC date; the announcement is shown through that day.",
        body: createAnnouncementInputSchema,
        response: { 201: announcementDetailsSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await announcements.create(actorOf(request), request.body)),
  );

  app.post(
    '/document/announcements/:id/acknowledge',
    {
      config: { permission: ANY_SIGNED_IN, idempotent: false },
      schema: {
        tags: TAGS,
        summary: "Confirm an announcement for some of the caller's clients; confirming again changes nothing",
        description: '404 for an unknown, inactive or expired announcement, or a client the caller does not act for.',
        params: idParamsSchema,
        body: acknowledgeAnnouncementInputSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await announcements.acknowledge(
        actorOf(request),
        clientScopeOf(principalOf(request)),
        request.params.id,
        request.body,
      );
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/document/announcements/:id/activate',
    {
      config: { permission: 'announcement:change-status' },
      schema: {
        tags: TAGS,
        summary: 'Activate an announcement',
        description: `The list's (or the GET's) version. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await announcements.activate(actorOf(request), request.params.id, ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/document/announcements/:id/deactivate',
    {
      config: { permission: 'announcement:change-status' },
      schema: {
        tags: TAGS,
        summary: 'Deactivate an announcement',
        description: `The list's (or the GET's) version. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await announcements.deactivate(actorOf(request), request.params.id, ifMatchOf(request));
      return reply.status(204).send(null);
    },
  );
};
