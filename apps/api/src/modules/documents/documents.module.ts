import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Lists, details, edit, delete, status, comments, filter lookups (spec 02 My Uploads and Received Documents). */
export const documentsModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
