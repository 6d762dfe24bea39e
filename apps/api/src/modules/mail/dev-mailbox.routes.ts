import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@ledgerport/shared';
import { NotFoundError } from '../../lib/errors.js';
import type { MailRepository } from './mail.repository.js';
import { escapeHtml } from './mail.templates.js';

/**
 * The developer mailbox: lists the outbox so invitation and reset links can be followed locally
 * without SMTP. Registered only when NODE_ENV is not production (see app.ts).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ mail: MailRepository }> = async (app, { mail }) => {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await mail.findRecent(200);
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${m.createdAt.toISOString().replace('T', ' ').slice(0, 19)}</td><td>${escapeHtml(m.toAddress)}</td>` +
          `<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.status)}</td></tr>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mailbox (development)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2933}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #e4e7eb;padding:.5rem;text-align:left}</style></head>
<body><h1>Mailbox (development)</h1>
<p>Every message the portal has queued, newest first. Without SMTP_URL nothing leaves this machine.</p>
${messages.length === 0 ? '<p>There are no messages yet.</p>' : `<table><thead><tr><th>Queued (UTC)</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>`}
</body></html>`);
  });

  app.get('/dev/mailbox/:id', { schema: { hide: true, params: idParamsSchema } }, async (request, reply) => {
    const message = await mail.findById(request.params.id);
    if (!message) throw new NotFoundError('No such message.');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(message.html);
  });
};
