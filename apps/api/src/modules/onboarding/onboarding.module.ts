import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** The public customer onboarding wizard (spec 03). */
export const onboardingModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
