import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createClientsRepository } from './clients.repository.js';
import { clientsRoutes } from './clients.routes.js';
import { createClientsService } from './clients.service.js';

/** Clients list, create, status, delete, export and bulk e-mail: spec 02 (Clients list). */
export const clientsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const clients = createClientsService({
    db: deps.db,
    clients: createClientsRepository({ db: deps.db }),
    users: deps.users,
    audit: deps.audit,
    mail: deps.mail,
    fieldCrypto: deps.fieldCrypto,
  });
  await app.register(clientsRoutes, { clients });
};
