import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROFILE_PICTURE } from '@ledgerport/shared';
import { createThrottleRepository } from '../auth/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createProfileRepository } from './profile.repository.js';
import { profileRoutes } from './profile.routes.js';
import { createProfileService } from './profile.service.js';

/** Profile of the signed-in user, its picture and the password change: spec 01 sections 2.5, 2.11, 5 and 8. */
export const profileModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  // Registered in this plugin's scope only: no other route of the API accepts multipart through it.
  await app.register(multipart, {
    limits: { files: 1, fileSize: PROFILE_PICTURE.maxBytes, fields: 10, fieldSize: 1024, parts: 11 },
  });
  const profile = createProfileService({
    db: deps.db,
    users: deps.users,
    profiles: createProfileRepository({ db: deps.db }),
    sessions: deps.sessions,
    throttle: createThrottleRepository({ db: deps.db }),
    audit: deps.audit,
    config: deps.config,
  });
  await app.register(profileRoutes, { profile });
};
