import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createRolesRepository } from './roles.repository.js';
import { rolesRoutes } from './roles.routes.js';
import { createRolesService } from './roles.service.js';

/** Roles: spec 01 sections 2.12, 5, 6. */
export const rolesModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const roles = createRolesService({ db: deps.db, roles: createRolesRepository({ db: deps.db }), audit: deps.audit });
  await app.register(rolesRoutes, { roles });
};
