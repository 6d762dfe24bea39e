import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createAuditLogRepository } from './audit-log.repository.js';
import { auditLogRoutes } from './audit-log.routes.js';
import { createAuditLogService } from './audit-log.service.js';

/** The audit log viewer and export for admins (the sessions screens are in the auth module). */
export const auditLogModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const service = createAuditLogService({
    repository: createAuditLogRepository({ db: deps.db }),
    audit: deps.audit,
  });
  await app.register(auditLogRoutes, { service });
};
