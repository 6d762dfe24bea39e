import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createTagsRepository } from './tags.repository.js';
import { tagsRoutes } from './tags.routes.js';
import { createTagsService } from './tags.service.js';

/** Tag groups and tags: spec 01 section 2.14. */
export const tagsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const tags = createTagsService({ db: deps.db, tags: createTagsRepository({ db: deps.db }), audit: deps.audit });
  await app.register(tagsRoutes, { tags });
};
