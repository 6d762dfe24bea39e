import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { createDocumentsRepository } from './documents.repository.js';
import { documentsRoutes } from './documents.routes.js';
import { createDocumentsService } from './documents.service.js';

/** Lists, details, edit, delete, status, comments, filter lookups (spec 02 My Uploads and Received Documents). */
export const documentsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const documents = createDocumentsService({
    db: deps.db,
    documents: createDocumentsRepository({ db: deps.db }),
    audit: deps.audit,
    queue: deps.queue,
  });
  await app.register(documentsRoutes, { documents });
};
