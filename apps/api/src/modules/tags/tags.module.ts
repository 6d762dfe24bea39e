import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Tag groups and tags: spec 01 section 2.14. */
export const tagsModule: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
