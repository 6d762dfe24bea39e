import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Card payments behind one interface: Stripe or the built-in test processor (DESIGN.md section 8). */
export const paymentsModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
