import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createThrottleRepository } from '../auth/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createPasswordResetRepository } from './password-reset.repository.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import { createPasswordResetService } from './password-reset.service.js';

/** Forgot and reset password: spec 01 sections 2.8, 2.9, 4.6. */
export const passwordResetModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const resets = createPasswordResetService({
    db: deps.db,
    resets: createPasswordResetRepository({ db: deps.db }),
    sessions: deps.sessions,
    throttle: createThrottleRepository({ db: deps.db }),
    audit: deps.audit,
    mail: deps.mail,
    config: deps.config,
  });
  await app.register(passwordResetRoutes, { resets });
};
