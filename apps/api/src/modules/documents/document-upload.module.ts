import multipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_LIMITS } from '@ledgerport/shared';
import { DELETE_BLOB_JOB } from '../../lib/storage/index.js';
import type { DbOrTx } from '../../db/client.js';
import type { ModuleDeps } from '../module-deps.js';
import { createNotificationPublisher } from '../notifications/index.js';
import { createBlobJobs, RECONCILE_ORPHANS_JOB } from './blob-jobs.js';
import { createDocumentUploadRepository } from './document-upload.repository.js';
import { createDocumentsRepository } from './documents.repository.js';
import { documentUploadRoutes } from './document-upload.routes.js';
import { createDocumentUploadService, type UploadLimits } from './document-upload.service.js';

/** Streaming multipart upload into storage, plus blob clean-up jobs (DESIGN.md section 6). */
export const documentUploadModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const limits: UploadLimits = DOCUMENT_LIMITS;
  const { upload, repository } = createDocumentUploads(deps, limits);
  const blobJobs = createBlobJobs({ storage: deps.storage, repository, queue: deps.queue });
  deps.jobs.register(DELETE_BLOB_JOB, blobJobs.handlers.deleteBlob);
  deps.jobs.register(RECONCILE_ORPHANS_JOB, blobJobs.handlers.reconcile);

  // Registered here (and for a request item's upload) only, so no other route accepts multipart bodies.
  await app.register(multipart, documentMultipartOptions(limits));
  await app.register(documentUploadRoutes, { upload, limits });
};

/** The multipart parser's limits for document uploads, wherever documents are uploaded. */
export function documentMultipartOptions(limits: UploadLimits): FastifyMultipartOptions {
  return {
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
  };
}

/** An upload service for another module's upload route (a request item's files). */
export function createDocumentUploads(
  deps: Pick<ModuleDeps, 'db' | 'storage' | 'queue' | 'audit'>,
  limits: UploadLimits,
) {
  const repository = createDocumentUploadRepository({ db: deps.db });
  return {
    upload: createDocumentUploadService({
      db: deps.db,
      repository,
      documents: createDocumentsRepository({ db: deps.db }),
      storage: deps.storage,
      queue: deps.queue,
      audit: deps.audit,
      notifications: createNotificationPublisher(deps.queue),
      limits,
    }),
    repository,
    activeTagGroups: (tx?: DbOrTx) => repository.activeTagGroups(tx),
  };
}
