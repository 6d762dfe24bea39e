import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createThrottleRepository } from '../auth/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createDocumentFilesRepository } from './document-files.repository.js';
import { documentFilesRoutes } from './document-files.routes.js';
import { createDocumentFilesService } from './document-files.service.js';

/** Download, preview, zip download and share links (DESIGN.md section 6). */
export const documentFilesModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const files = createDocumentFilesService({
    db: deps.db,
    files: createDocumentFilesRepository({ db: deps.db }),
    users: deps.users,
    storage: deps.storage,
    audit: deps.audit,
    mail: deps.mail,
    throttle: createThrottleRepository({ db: deps.db }),
    config: deps.config,
  });
  await app.register(documentFilesRoutes, { files });
};
