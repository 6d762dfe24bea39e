import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANY_SIGNED_IN,
  idParamsSchema,
  notificationListQuerySchema,
  notificationPageDtoSchema,
  unreadCountDtoSchema,
} from '@ledgerport/shared';
import { principalOf } from '../../plugins/auth.js';
import type { NotificationsService } from './notifications.service.js';
import type { Readable } from 'node:stream';

const tags = ['identity'];
const BASE = '/identity/users/me/notifications';
const config = { permission: ANY_SIGNED_IN } as const;

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
  /** Opens the caller's live stream (notification-stream.ts). */
  openStream: (principal: ReturnType<typeof principalOf>) => Promise<Readable>;
}> = async (app, { notifications, openStream }) => {
  app.get(
    BASE,
    {
      config,
      schema: {
        tags,
        summary: 'Your notifications, newest first, with the unread count',
        description:
          'Only your own, and of those only the ones about a client you can still see. `unread=true` lists ' +
          'the unread ones; `unreadCount` counts them whatever the filter.',
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageDtoSchema },
      },
    },
    async (request) => notifications.list(principalOf(request), request.query),
  );

  // Registered before `/:id/read` in reading order only; the static segment wins anyway.
  app.put(
    `${BASE}/read-all`,
    {
      config,
      schema: {
        tags,
        summary: 'Mark all your notifications read',
        response: { 200: unreadCountDtoSchema },
      },
    },
    async (request) => notifications.markAllRead(principalOf(request)),
  );

  app.put(
    `${BASE}/:id/read`,
    {
      config,
      schema: {
        tags,
        summary: 'Mark one of your notifications read (again: no change)',
        description: "Someone else's notification answers 404, like one that does not exist.",
        params: idParamsSchema,
        response: { 200: unreadCountDtoSchema },
      },
    },
    async (request) => notifications.markRead(principalOf(request), request.params.id),
  );

  app.get(
    `${BASE}/stream`,
    {
      config,
      // A HEAD would open a stream that sends nothing.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Your unread count, live (Server-Sent Events)',
        description:
          'text/event-stream, authenticated with the bearer token like every call (read it with fetch and a ' +
          'stream reader). Sends `event: unread` with `{"unreadCount":n}` on connect and whenever the count ' +
          'changes, in this process or any other, and a `: ping` comment every NOTIFICATION_STREAM_PING_SECONDS ' +
          '(20 s), checking the session each time: it ends once the session is revoked, expired or idle, and ' +
          'when the server shuts down. Reconnect then, or fall back to reading the list. A user holds at most ' +
          '10 streams per server process: one more ends their oldest.',
        response: { 200: z.unknown().describe('An event stream') },
      },
    },
    async (request, reply) => {
      const stream = await openStream(principalOf(request));
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // Proxies that buffer responses (nginx) would hold the events back.
          .header('x-accel-buffering', 'no')
          // The connection is the stream's alone: not kept alive for other requests once it ends.
          .header('connection', 'close')
          .send(stream)
      );
    },
  );
};
