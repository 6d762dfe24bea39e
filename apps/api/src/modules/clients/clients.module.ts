import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { accountsModule } from './accounts.module.js';
import { clientEditModule } from './client-edit.module.js';
import { createClientsRepository } from './clients.repository.js';
import { clientsRoutes } from './clients.routes.js';
import { createClientsService } from './clients.service.js';
import { myClientsModule } from './my-clients.module.js';

/**
 * The clients aggregate: list, create, status, delete, export and bulk e-mail (spec 02 Clients list), then
 * edit, accounts and my clients (with the current client) as child plugins, so the multipart parser
 * registered by the edit part stays encapsulated to its routes.
 */
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
  await app.register(clientEditModule, deps);
  await app.register(accountsModule, deps);
  await app.register(myClientsModule, deps);
};
