import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createThrottleRepository } from '../auth/index.js';
import { createCouponsRepository } from './coupons.repository.js';
import { couponsRoutes } from './coupons.routes.js';
import { createCouponsService } from './coupons.service.js';

/** Coupons (spec 02 Coupons; paths under /company/coupons). */
export const couponsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const coupons = createCouponsService({
    db: deps.db,
    coupons: createCouponsRepository({ db: deps.db }),
    throttle: createThrottleRepository({ db: deps.db }),
    audit: deps.audit,
  });
  await app.register(couponsRoutes, { coupons });
};
