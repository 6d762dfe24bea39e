import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Public company formation: resident and non-resident submissions with their payment (spec 03). */
export const formationModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
