import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** The monthly bookkeeping tracker (spec 02 Bookkeeping list). */
export const bookkeepingModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
