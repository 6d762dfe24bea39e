import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Two-factor sign-in (TOTP) with recovery codes, the firm's requirement setting and admin reset (issue 11). */
export const twoFactorModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
