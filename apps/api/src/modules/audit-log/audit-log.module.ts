import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** The audit log viewer and export for admins, and user sessions listing and revocation (issue 11). */
export const auditLogModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
