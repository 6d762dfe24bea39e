import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createDepartmentsRepository } from './departments.repository.js';
import { departmentsRoutes } from './departments.routes.js';

/** The firm's departments, read by the pickers. */
export const departmentsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  await app.register(departmentsRoutes, { departments: createDepartmentsRepository({ db }) });
};
