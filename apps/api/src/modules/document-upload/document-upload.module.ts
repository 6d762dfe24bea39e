import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Streaming multipart upload into storage, plus blob clean-up jobs (DESIGN.md section 6). */
export const documentUploadModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
