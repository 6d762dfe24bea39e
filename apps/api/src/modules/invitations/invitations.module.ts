import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';

/** Invitations and registration: spec 01 sections 2.7, 4.2, 8. */
export const invitationsModule: FastifyPluginAsyncZod<ModuleDeps> = async (_app, _deps) => {};
