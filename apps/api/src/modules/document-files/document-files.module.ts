import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Download, preview, zip download and share links (DESIGN.md section 6). */
export const documentFilesModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
