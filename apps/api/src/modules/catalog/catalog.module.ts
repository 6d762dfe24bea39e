import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createCatalogRepository } from './catalog.repository.js';
import { catalogRoutes } from './catalog.routes.js';
import { createCatalogService } from './catalog.service.js';

/** Read-only catalogue of services and tags for the home screen and pickers: spec 01 section 2.10. */
export const catalogModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const catalog = createCatalogService({ catalog: createCatalogRepository({ db: deps.db }) });
  await app.register(catalogRoutes, { catalog });
};
