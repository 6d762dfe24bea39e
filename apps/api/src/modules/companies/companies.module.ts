import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createCompaniesRepository } from './companies.repository.js';
import { companiesRoutes } from './companies.routes.js';
import { createCompaniesService } from './companies.service.js';

/** Companies list and details for staff (spec 03); the formation module writes them. */
export const companiesModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const companies = createCompaniesService({
    companies: createCompaniesRepository({ db: deps.db }),
    audit: deps.audit,
    fieldCrypto: deps.fieldCrypto,
    storage: deps.storage,
  });
  await app.register(companiesRoutes, { companies });
};
