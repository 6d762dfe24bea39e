import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { authRoutes } from './auth.routes.js';
import type { AuthService } from './auth.service.js';
import { createUserSessionsRepository } from './user-sessions.repository.js';
import { userSessionsRoutes } from './user-sessions.routes.js';
import { createUserSessionsService } from './user-sessions.service.js';

/**
 * Sign-in, tokens and password change, and the user's sessions (listing and revocation, issue 11). The auth
 * service itself is built by the composition root, because the auth plugin checks every request with it.
 */
export const authModule: FastifyPluginAsyncZod<ModuleDeps & { auth: AuthService }> = async (app, deps) => {
  await app.register(authRoutes, { auth: deps.auth, config: deps.config });
  const service = createUserSessionsService({
    db: deps.db,
    repository: createUserSessionsRepository({ db: deps.db }),
    sessions: deps.sessions,
    audit: deps.audit,
  });
  await app.register(userSessionsRoutes, { service });
};
