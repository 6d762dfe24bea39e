import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Announcements and their tracked acknowledgement (spec 02 Announcements, spec 01 section 4.5). */
export const announcementsModule: FastifyPluginAsyncZod<ModuleDeps> = async () => {};
