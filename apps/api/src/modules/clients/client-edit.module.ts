import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROFILE_PICTURE } from '@ledgerport/shared';
import type { ModuleDeps } from '../module-deps.js';
import { createClientEditRepository } from './client-edit.repository.js';
import { clientEditRoutes } from './client-edit.routes.js';
import { createClientEditService } from './client-edit.service.js';

/** Edit client (business and personal), its picture, services and collaborators: spec 02 (Edit client). */
export const clientEditModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  // Registered in this plugin's scope only: no other route of the API accepts multipart through it.
  await app.register(multipart, {
    limits: { files: 1, fileSize: PROFILE_PICTURE.maxBytes, fields: 2000, fieldSize: 1024, parts: 2001 },
  });
  const clientEdit = createClientEditService({
    db: deps.db,
    clients: createClientEditRepository({ db: deps.db }),
    users: deps.users,
    audit: deps.audit,
    fieldCrypto: deps.fieldCrypto,
  });
  await app.register(clientEditRoutes, { clientEdit });
};
