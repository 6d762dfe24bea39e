import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Edit client (business and personal), its picture, services and collaborators: spec 02 (Edit client). */
export const clientEditModule: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
