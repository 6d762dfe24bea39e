import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_LIMITS } from '@ledgerport/shared';
import { createDocumentUploads, documentMultipartOptions } from '../documents/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createSettingsRepository, hoursFromSeconds } from '../settings/index.js';
import { createRequestTemplatesRepository } from './request-templates.repository.js';
import { requestTemplatesRoutes } from './request-templates.routes.js';
import { createRequestTemplatesService } from './request-templates.service.js';
import { createRequestsRepository } from './requests.repository.js';
import { requestFilesRoutes, requestsRoutes } from './requests.routes.js';
import { createRequestsService } from './requests.service.js';

/** Requests to clients: items, responses, review, and the firm's templates (issue 20; docs/requests.md). */
export const requestsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const settings = createSettingsRepository({
    db: deps.db,
    absoluteDefaultHours: hoursFromSeconds(deps.config.sessionAbsoluteTtlSeconds),
  });
  const uploads = createDocumentUploads(deps, DOCUMENT_LIMITS);
  const requests = createRequestsService({
    db: deps.db,
    repository: createRequestsRepository({ db: deps.db }),
    audit: deps.audit,
    fieldCrypto: deps.fieldCrypto,
    timeZone: (tx) => settings.timeZone(tx),
    activeTagGroups: uploads.activeTagGroups,
  });
  await app.register(requestsRoutes, { requests });
  await app.register(requestTemplatesRoutes, {
    templates: createRequestTemplatesService({
      db: deps.db,
      repository: createRequestTemplatesRepository({ db: deps.db }),
      audit: deps.audit,
      activeTagGroups: uploads.activeTagGroups,
    }),
  });
  // In a context of its own: the multipart parser applies to the item upload alone.
  await app.register(async (files) => {
    await files.register(multipart, documentMultipartOptions(DOCUMENT_LIMITS));
    await files.register(requestFilesRoutes, { requests, upload: uploads.upload, limits: DOCUMENT_LIMITS });
  });
};
