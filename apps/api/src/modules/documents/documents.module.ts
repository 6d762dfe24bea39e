import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../module-deps.js';
import { documentFilesModule } from './document-files.module.js';
import { documentUploadModule } from './document-upload.module.js';
import { createDocumentsRepository } from './documents.repository.js';
import { documentsRoutes } from './documents.routes.js';
import { createDocumentsService } from './documents.service.js';

/**
 * The documents aggregate: lists, details, edit, delete, status, comments, filter lookups (spec 02 My Uploads and
 * Received Documents), then upload and files (download, preview, zip, share links) as child plugins, so the
 * multipart parser registered by the upload part stays encapsulated to its routes.
 */
export const documentsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const documents = createDocumentsService({
    db: deps.db,
    documents: createDocumentsRepository({ db: deps.db }),
    audit: deps.audit,
    queue: deps.queue,
  });
  await app.register(documentsRoutes, { documents });
  await app.register(documentUploadModule, deps);
  await app.register(documentFilesModule, deps);
};
