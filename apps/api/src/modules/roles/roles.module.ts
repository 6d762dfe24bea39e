import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Roles: spec 01 sections 2.12, 5, 6. */
export const rolesModule: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
