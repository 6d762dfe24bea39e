import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAnnouncementsRepository } from '../announcements/index.js';
import { createContractorsRepository } from '../contractors/index.js';
import { createLeadsRepository } from '../leads/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createReconciliationRepository } from '../reconciliation/index.js';
import { createRequestsRepository } from '../requests/index.js';
import { createSettingsRepository, hoursFromSeconds } from '../settings/index.js';
import { createTransactionQuestionsRepository } from '../transaction-questions/index.js';
import { toDosRoutes } from './to-dos.routes.js';
import { createToDosService } from './to-dos.service.js';

/** The client's To do: everything waiting on them, across features (issue 20 item 7; docs/requests.md). */
export const toDosModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const settings = createSettingsRepository({
    db: deps.db,
    absoluteDefaultHours: hoursFromSeconds(deps.config.sessionAbsoluteTtlSeconds),
  });
  const toDos = createToDosService({
    requests: createRequestsRepository({ db: deps.db }),
    announcements: createAnnouncementsRepository({ db: deps.db }),
    contractors: createContractorsRepository({ db: deps.db }),
    leads: createLeadsRepository({ db: deps.db }),
    questions: createTransactionQuestionsRepository({ db: deps.db }),
    reconciliation: createReconciliationRepository({ db: deps.db }),
    timeZone: (tx) => settings.timeZone(tx),
  });
  await app.register(toDosRoutes, { toDos });
};
