import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createMyClientsRepository } from './my-clients.repository.js';
import { myClientsRoutes } from './my-clients.routes.js';
import { createMyClientsService } from './my-clients.service.js';

/** The clients a signed-in user works for, and the current client the user has picked. */
export const myClientsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, sessions }) => {
  await app.register(myClientsRoutes, {
    myClients: createMyClientsService({ myClients: createMyClientsRepository({ db }), sessions }),
  });
};
