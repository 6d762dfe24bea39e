import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createThrottleRepository } from '../auth/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createSettingsRepository, hoursFromSeconds } from '../settings/index.js';
import { createSecondFactor } from './second-factor.js';
import { createTwoFactorRepository } from './two-factor.repository.js';
import { twoFactorRoutes } from './two-factor.routes.js';
import { createTwoFactorService } from './two-factor.service.js';

/** Two-factor sign-in (TOTP) with recovery codes, and the administrator's reset (issue 11). */
export const twoFactorModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const repository = createTwoFactorRepository({ db: deps.db });
  const secondFactor = createSecondFactor({
    repository,
    throttle: createThrottleRepository({ db: deps.db }),
    fieldCrypto: deps.fieldCrypto,
    audit: deps.audit,
  });
  const settings = createSettingsRepository({
    db: deps.db,
    absoluteDefaultHours: hoursFromSeconds(deps.config.sessionAbsoluteTtlSeconds),
  });
  const twoFactor = createTwoFactorService({
    db: deps.db,
    repository,
    secondFactor,
    settings,
    fieldCrypto: deps.fieldCrypto,
    audit: deps.audit,
    sessions: deps.sessions,
  });
  await app.register(twoFactorRoutes, { twoFactor });
};
