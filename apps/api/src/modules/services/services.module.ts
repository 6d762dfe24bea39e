import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Services administration: spec 01 section 2.15. */
export const servicesModule: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
