import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_ORGANIZERS, PASSPORT_LIMITS } from '@ledgerport/shared';
import { createThrottleRepository } from '../auth/index.js';
import { createCouponsRepository } from '../coupons/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createFormationRepository } from './formation.repository.js';
import { formationRoutes } from './formation.routes.js';
import { createFormationService } from './formation.service.js';

/** About 30 text fields for the company and 10 per organizer (titles included). */
const MAX_FIELDS = 30 + 10 * MAX_ORGANIZERS;

/** Public company formation: resident and non-resident submissions with their payment (spec 03). */
export const formationModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const formation = createFormationService({
    db: deps.db,
    repository: createFormationRepository({ db: deps.db }),
    coupons: createCouponsRepository({ db: deps.db }),
    throttle: createThrottleRepository({ db: deps.db }),
    payments: deps.payments,
    fieldCrypto: deps.fieldCrypto,
    storage: deps.storage,
    queue: deps.queue,
    audit: deps.audit,
  });
  // Registered in this plugin's scope only: no other route of the API accepts multipart through it.
  await app.register(multipart, {
    limits: {
      // One byte past the limit is enough for storage to refuse the passport; the parser drops the rest.
      fileSize: PASSPORT_LIMITS.maxBytes,
      files: MAX_ORGANIZERS,
      fields: MAX_FIELDS,
      fieldSize: 2048,
      parts: MAX_FIELDS + MAX_ORGANIZERS,
    },
    throwFileSizeLimit: false,
  });
  await app.register(formationRoutes, { formation });
};
