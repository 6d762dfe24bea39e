import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { usersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

/** Users administration: spec 01 sections 2.13, 4.7, 5. */
export const usersModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const users = createUsersService({ db: deps.db, users: deps.users, sessions: deps.sessions, audit: deps.audit });
  await app.register(usersRoutes, { users });
};
