import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createNotificationPublisher } from '../notifications/index.js';
import { createAnnouncementsRepository } from './announcements.repository.js';
import { announcementsRoutes } from './announcements.routes.js';
import { createAnnouncementsService } from './announcements.service.js';

/** Announcements and their tracked acknowledgement (spec 02 Announcements, spec 01 section 4.5). */
export const announcementsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const announcements = createAnnouncementsService({
    db: deps.db,
    announcements: createAnnouncementsRepository({ db: deps.db }),
    audit: deps.audit,
    notifications: createNotificationPublisher(deps.queue),
  });
  await app.register(announcementsRoutes, { announcements });
};
