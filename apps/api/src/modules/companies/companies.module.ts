import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Companies list and details for staff (spec 03). */
export const companiesModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
