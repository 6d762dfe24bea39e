import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Contractors (1099 Form): tax years, contractors, pay and submit, completion, export (spec 03). */
export const contractorsModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
