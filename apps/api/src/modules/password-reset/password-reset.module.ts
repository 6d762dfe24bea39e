import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Forgot and reset password: spec 01 sections 2.8, 2.9, 4.6. */
export const passwordResetModule: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
