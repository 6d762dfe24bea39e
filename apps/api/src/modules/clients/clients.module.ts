import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Clients list, create, status, delete, export and bulk e-mail: spec 02 (Clients list). */
export const clientsModule: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
