import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANY_SIGNED_IN,
  auditEventsQuerySchema,
  exportAuditEventsQuerySchema,
  idParamsSchema,
  pagedAuditEventsSchema,
  sessionDtoSchema,
  sessionIdParamsSchema,
  userSessionParamsSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import { XLSX_CONTENT_TYPE, attachmentDisposition } from '../users/users.export.js';
import { KNOWN_ACTIONS, type AuditLogService } from './audit-log.service.js';

const PERMISSION = {
  list: 'audit:list',
  export: 'audit:export',
  revokeOthers: 'session:revoke',
} as const;

export const auditLogRoutes: FastifyPluginAsyncZod<{ service: AuditLogService }> = async (app, { service }) => {
  app.get(
    '/identity/audit-events',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags: ['identity'],
        summary: 'Audit events, newest first, filtered and paged',
        description:
          '`action` is exact (`auth.sign-in.succeeded`) or a prefix ending with a dot (`document.`). ' +
          '`from` (inclusive) and `to` (exclusive) are ISO 8601 instants with an offset. ' +
          '`documentId` matches events whose object is that document; `search` looks inside the details.',
        querystring: auditEventsQuerySchema,
        response: { 200: pagedAuditEventsSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/identity/audit-events/actions',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags: ['identity'],
        summary: 'Every action the API records, sorted',
        response: { 200: z.array(z.string()) },
      },
    },
    async () => [...KNOWN_ACTIONS],
  );

  app.get(
    '/identity/audit-events/export',
    {
      config: { permission: PERMISSION.export },
      schema: {
        tags: ['identity'],
        summary: 'The filtered audit events as an .xlsx file (formula-like cells neutralised)',
        querystring: exportAuditEventsQuerySchema,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await service.export(request.query, principalOf(request), requestContext(request));
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

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
