import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Bank linking, synchronisation, accounts, balances and transactions (spec 03). */
export const reconciliationModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
