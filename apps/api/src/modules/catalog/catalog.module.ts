import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Read-only catalogue of services and tags for the home screen and pickers: spec 01 section 2.10. */
export const catalogModule: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
