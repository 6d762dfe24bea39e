import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  mailMessageBodyDtoSchema,
  mailMessageDtoSchema,
  mailMessagesQuerySchema,
  pagedMailMessagesSchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import type { MailAdminService } from './mail-admin.service.js';

const PERMISSION = { list: 'mail:list', resend: 'mail:resend' } as const;
const TAGS = ['mail'];

export const mailRoutes: FastifyPluginAsyncZod<{ service: MailAdminService; bodiesReadable: boolean }> = async (
  app,
  { service, bodiesReadable },
) => {
  app.get(
    '/identity/mail/messages',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags: TAGS,
        summary: 'Outgoing e-mail and its delivery, newest first, filtered and paged (never a body)',
        description:
          '`from` (inclusive) and `to` (exclusive) bound the time the message was queued; `recipient` ' +
          'is a case-insensitive part of the address.',
        querystring: mailMessagesQuerySchema,
        response: { 200: pagedMailMessagesSchema },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/identity/mail/messages/:id/resend',
    {
      config: { permission: PERMISSION.resend, idempotent: true },
      schema: {
        tags: TAGS,
        summary: 'Queues a failed message again (audited); anything but a failed message is 409',
        params: idParamsSchema,
        response: { 200: mailMessageDtoSchema },
      },
    },
    async (request) => service.resend(request.params.id, principalOf(request), requestContext(request)),
  );

  // The body carries reset, invitation and share links: in production no route returns it at all.
  if (bodiesReadable) {
    app.get(
      '/identity/mail/messages/:id/body',
      {
        config: { permission: PERMISSION.list },
        schema: {
          tags: TAGS,
          summary: 'A message as its recipient sees it, links included (not in production; audited)',
          params: idParamsSchema,
          response: { 200: mailMessageBodyDtoSchema },
        },
      },
      async (request, reply) => {
        const body = await service.body(request.params.id, principalOf(request), requestContext(request));
        return reply.header('cache-control', 'no-store').send(body);
      },
    );
  }
};
