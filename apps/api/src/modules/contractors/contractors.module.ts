import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createContractorsRepository } from './contractors.repository.js';
import { contractorsRoutes } from './contractors.routes.js';
import { createContractorsService } from './contractors.service.js';

/** Contractors (1099 Form): tax years, contractors, pay and submit, completion, export (spec 03). */
export const contractorsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const contractors = createContractorsService({
    db: deps.db,
    contractors: createContractorsRepository({ db: deps.db }),
    users: deps.users,
    audit: deps.audit,
    fieldCrypto: deps.fieldCrypto,
    payments: deps.payments,
  });
  await app.register(contractorsRoutes, { contractors });
};
