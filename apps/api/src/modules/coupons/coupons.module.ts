import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Coupons (spec 02 Coupons; paths under /company/coupons). */
export const couponsModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
