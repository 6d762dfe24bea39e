import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createMailAdminService } from './mail-admin.service.js';
import { createMailMaintenance, MAIL_MAINTENANCE_JOB } from './mail-maintenance.js';
import { createMailRepository } from './mail.repository.js';
import { mailRoutes } from './mail.routes.js';

/**
 * The Mail screen's routes (issue 17 item 1) and the outbox's protection at rest (item 3). Queueing
 * and delivery are built in app.ts, since every feature sends mail.
 */
export const mailModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const repository = createMailRepository({ db: deps.db });
  // Bodies are readable only outside production, and then only by mail:list holders.
  const bodiesReadable = !deps.config.isProduction;
  const service = createMailAdminService({
    db: deps.db,
    repository,
    queue: deps.queue,
    audit: deps.audit,
    fieldCrypto: deps.fieldCrypto,
    bodiesReadable,
  });
  const maintenance = createMailMaintenance({
    repository,
    fieldCrypto: deps.fieldCrypto,
    queue: deps.queue,
    retentionDays: deps.config.mailBodyRetentionDays,
  });
  deps.jobs.register(MAIL_MAINTENANCE_JOB, maintenance.run);
  await app.register(mailRoutes, { service, bodiesReadable });
};
