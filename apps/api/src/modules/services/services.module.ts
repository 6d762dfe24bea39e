import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createServicesRepository } from './services.repository.js';
import { servicesRoutes } from './services.routes.js';
import { createServicesService } from './services.service.js';

/** Services administration: spec 01 section 2.15. */
export const servicesModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const services = createServicesService({
    db: deps.db,
    services: createServicesRepository({ db: deps.db }),
    audit: deps.audit,
  });
  await app.register(servicesRoutes, { services });
};
