import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createAccountsRepository } from './accounts.repository.js';
import { accountsRoutes } from './accounts.routes.js';
import { createAccountsService } from './accounts.service.js';

/** The Accounts screen of client users: spec 02 sections 3, 4. */
export const accountsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, fieldCrypto, audit }) => {
  await app.register(accountsRoutes, {
    accounts: createAccountsService({ db, accounts: createAccountsRepository({ db }), fieldCrypto, audit }),
  });
};
