import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEventsQuerySchema, exportAuditEventsQuerySchema, pagedAuditEventsSchema } from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import { XLSX_CONTENT_TYPE, attachmentDisposition } from '../users/index.js';
import { KNOWN_ACTIONS, type AuditLogService } from './audit-log.service.js';

const PERMISSION = {
  list: 'audit:list',
  export: 'audit:export',
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
};
