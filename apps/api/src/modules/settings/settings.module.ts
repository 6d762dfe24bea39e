import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Firm settings: two-factor requirement and session lifetimes (issue 11). */
export const settingsModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
