import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTACT_POSITION_DISPLAY } from '@ledgerport/shared';
import { readOrCreateSecret } from '../../lib/secrets.js';
import { createThrottleRepository } from '../auth/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createCaptcha } from './captcha.js';
import { createOnboardingRepository } from './onboarding.repository.js';
import { onboardingRoutes } from './onboarding.routes.js';
import { createOnboardingService } from './onboarding.service.js';

const contactPositions = () =>
  Object.entries(CONTACT_POSITION_DISPLAY).map(([value, displayText]) => ({ value, displayText }));

/** The public customer onboarding wizard (spec 03). */
export const onboardingModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const captcha = createCaptcha({
    db: deps.db,
    config: deps.config,
    hmacKey: deps.config.altchaHmacKey ?? readOrCreateSecret(deps.config.dataDir, 'altcha-hmac-key'),
  });
  const onboarding = createOnboardingService({
    db: deps.db,
    repository: createOnboardingRepository({ db: deps.db }),
    users: deps.users,
    throttle: createThrottleRepository({ db: deps.db }),
    audit: deps.audit,
    captcha,
    fieldCrypto: deps.fieldCrypto,
  });
  await app.register(onboardingRoutes, { onboarding, contactPositions });
};
