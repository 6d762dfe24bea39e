import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { isIdleSession } from '../auth/index.js';
import { createSettingsRepository, hoursFromSeconds } from '../settings/index.js';
import { createClientFollowersRepository } from './client-followers.repository.js';
import { clientFollowersRoutes } from './client-followers.routes.js';
import { createClientFollowersService } from './client-followers.service.js';
import { NOTIFICATION_JOB } from './notification-events.js';
import { createNotificationMailRepository } from './notification-mail.repository.js';
import {
  createNotificationMailService,
  NOTIFICATION_BATCH_JOB,
  NOTIFICATION_DIGESTS_JOB,
} from './notification-mail.service.js';
import { createNotificationPreferencesRepository } from './notification-preferences.repository.js';
import { notificationPreferencesRoutes } from './notification-preferences.routes.js';
import { createNotificationPreferencesService } from './notification-preferences.service.js';
import { createNotificationHub, openUnreadStream } from './notification-stream.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';

/**
 * In-app notifications (issue 22; docs/notifications.md): the bell's list and its live count, each
 * person's e-mail preferences, staff following clients, the job that turns other modules' events
 * (published through index.ts) into notifications, and their e-mail (batches and daily digests).
 */
export const notificationsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const repository = createNotificationsRepository({ db: deps.db });
  const preferences = createNotificationPreferencesRepository({ db: deps.db });
  const settings = createSettingsRepository({
    db: deps.db,
    absoluteDefaultHours: hoursFromSeconds(deps.config.sessionAbsoluteTtlSeconds),
  });
  const email = createNotificationMailService({
    db: deps.db,
    repository: createNotificationMailRepository({ db: deps.db }),
    mail: deps.mail,
    queue: deps.queue,
    batchMinutes: deps.config.notificationEmailBatchMinutes,
    timeZone: (tx) => settings.timeZone(tx),
    logger: app.log,
  });
  const notifications = createNotificationsService({ db: deps.db, repository, preferences, batches: email });
  deps.jobs.register(NOTIFICATION_JOB, (payload) => notifications.deliver(payload));
  deps.jobs.register(NOTIFICATION_BATCH_JOB, async (payload) => void (await email.sendBatch(payload)));
  deps.jobs.register(NOTIFICATION_DIGESTS_JOB, (payload) => email.runDigestsJob(payload));

  const hub = createNotificationHub({
    listen: deps.listen,
    logger: app.log,
    conversationAudience: (target) => repository.conversationsAudience(target),
  });
  // Before the server waits for open connections to end: a stream never would on its own.
  app.addHook('preClose', () => hub.close());
  const pingMs = deps.config.notificationStreamPingSeconds * 1000;
  await app.register(notificationsRoutes, {
    notifications,
    openStream: (principal) =>
      openUnreadStream({
        hub,
        userId: principal.userId,
        unreadCount: () => notifications.unreadCount(principal),
        sessionIsLive: async () => {
          const session = await deps.sessions.findPrincipal(principal.sessionId);
          return session !== null && session.userId === principal.userId && !isIdleSession(session);
        },
        pingMs,
        logger: app.log,
      }),
  });
  await app.register(notificationPreferencesRoutes, {
    preferences: createNotificationPreferencesService({ db: deps.db, repository: preferences, audit: deps.audit }),
  });
  await app.register(clientFollowersRoutes, {
    followers: createClientFollowersService({ repository: createClientFollowersRepository({ db: deps.db }) }),
  });
};
