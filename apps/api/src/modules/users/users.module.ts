import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Users administration: spec 01 sections 2.13, 4.7. */
export const usersModule: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
