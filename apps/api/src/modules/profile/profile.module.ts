import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { profileRoutes } from './profile.routes.js';
import { createProfileService } from './profile.service.js';

/** Profile of the signed-in user: spec 01 sections 2.11 and 5. */
export const profileModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const profile = createProfileService({ users: deps.users });
  await app.register(profileRoutes, { profile });
};
