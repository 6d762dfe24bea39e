import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_LIMITS } from '@ledgerport/shared';
import { DELETE_BLOB_JOB } from '../../lib/storage/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createBlobJobs, RECONCILE_ORPHANS_JOB } from './blob-jobs.js';
import { createDocumentUploadRepository } from './document-upload.repository.js';
import { createDocumentsRepository } from './documents.repository.js';
import { documentUploadRoutes } from './document-upload.routes.js';
import { createDocumentUploadService, type UploadLimits } from './document-upload.service.js';

/** Streaming multipart upload into storage, plus blob clean-up jobs (DESIGN.md section 6). */
export const documentUploadModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const limits: UploadLimits = DOCUMENT_LIMITS;
  const repository = createDocumentUploadRepository({ db: deps.db });
  const upload = createDocumentUploadService({
    db: deps.db,
    repository,
    documents: createDocumentsRepository({ db: deps.db }),
    storage: deps.storage,
    queue: deps.queue,
    audit: deps.audit,
    limits,
  });
  const blobJobs = createBlobJobs({ storage: deps.storage, repository, queue: deps.queue });
  deps.jobs.register(DELETE_BLOB_JOB, blobJobs.handlers.deleteBlob);
  deps.jobs.register(RECONCILE_ORPHANS_JOB, blobJobs.handlers.reconcile);

  // Registered here only, so no other route accepts multipart bodies.
  await app.register(multipart, {
    limits: {
      // One byte over the limit is enough for storage to refuse the file; the parser drops the rest.
      fileSize: limits.maxFileBytes + 1,
      files: limits.maxFilesPerUpload,
      fields: 100,
      fieldSize: 16 * 1024,
      parts: 100 + limits.maxFilesPerUpload,
    },
    // A file over the limit is refused on its own (storage's maxBytes), not the whole request.
    throwFileSizeLimit: false,
  });
  await app.register(documentUploadRoutes, { upload, limits });
};
