import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_LIMITS } from '@ledgerport/shared';
import { createDocumentUploads, documentMultipartOptions, type UploadLimits } from '../documents/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createNotificationPublisher } from '../notifications/index.js';
import { createSettingsRepository, hoursFromSeconds } from '../settings/index.js';
import {
  createQuestionReminders,
  scheduleQuestionReminders,
  SEND_QUESTION_REMINDERS_JOB,
} from './transaction-question-reminders.js';
import { createReconciliationRepository } from '../reconciliation/index.js';
import { createTransactionQuestionsRepository } from './transaction-questions.repository.js';
import { transactionQuestionAnswerRoutes, transactionQuestionsRoutes } from './transaction-questions.routes.js';
import { createTransactionQuestionsService } from './transaction-questions.service.js';

/** One receipt an answer: documents' size limit. */
const RECEIPT_LIMITS: UploadLimits = { maxFileBytes: DOCUMENT_LIMITS.maxFileBytes, maxFilesPerUpload: 1 };

/** Questions the firm asks a client about bank transactions (issue 24 item 1; docs/reconciliation.md). */
export const transactionQuestionsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const uploads = createDocumentUploads(deps, RECEIPT_LIMITS);
  const questions = createTransactionQuestionsService({
    db: deps.db,
    repository: createTransactionQuestionsRepository({ db: deps.db }),
    reconciliation: createReconciliationRepository({ db: deps.db }),
    activeTagGroups: uploads.activeTagGroups,
    audit: deps.audit,
    fieldCrypto: deps.fieldCrypto,
    notifications: createNotificationPublisher(deps.queue),
  });
  const settings = createSettingsRepository({
    db: deps.db,
    absoluteDefaultHours: hoursFromSeconds(deps.config.sessionAbsoluteTtlSeconds),
  });
  const reminders = createQuestionReminders({
    db: deps.db,
    repository: createTransactionQuestionsRepository({ db: deps.db }),
    reconciliation: createReconciliationRepository({ db: deps.db }),
    notifications: createNotificationPublisher(deps.queue),
    timeZone: (tx) => settings.timeZone(tx),
  });
  deps.jobs.register(SEND_QUESTION_REMINDERS_JOB, async (payload) => {
    // The next run is queued first, so a failing run never ends the chain.
    await scheduleQuestionReminders(deps.queue, { after: payload });
    await reminders.runDue();
  });
  await app.register(transactionQuestionsRoutes, { questions });
  // In a context of its own: the multipart parser applies to the answer alone.
  await app.register(async (files) => {
    await files.register(multipart, documentMultipartOptions(RECEIPT_LIMITS));
    await files.register(transactionQuestionAnswerRoutes, {
      questions,
      upload: uploads.upload,
      limits: RECEIPT_LIMITS,
    });
  });
};
