import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_LIMITS, MESSAGE_LIMITS } from '@ledgerport/shared';
import { createDocumentUploads, documentMultipartOptions, type UploadLimits } from '../documents/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createConversationSignals, createNotificationPublisher } from '../notifications/index.js';
import { createMessagesRepository } from './messages.repository.js';
import { messageSendRoutes, messagesRoutes } from './messages.routes.js';
import { createMessagesService } from './messages.service.js';
import { ENCRYPT_SUBJECTS_JOB, scheduleSubjectEncryption } from './subject-encryption.js';

/** A message's attachments: documents' size limit, and fewer of them than an upload takes. */
const ATTACHMENT_LIMITS: UploadLimits = {
  maxFileBytes: DOCUMENT_LIMITS.maxFileBytes,
  maxFilesPerUpload: MESSAGE_LIMITS.attachmentsPerMessage,
};
/** A message's HTML arrives as one multipart field: room for the longest, in UTF-8. */
const HTML_FIELD_BYTES = MESSAGE_LIMITS.html * 4;

/** Secure messages between the firm and each client (issue 23; docs/messages.md). */
export const messagesModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const uploads = createDocumentUploads(deps, ATTACHMENT_LIMITS);
  const messages = createMessagesService({
    db: deps.db,
    repository: createMessagesRepository({ db: deps.db }),
    audit: deps.audit,
    fieldCrypto: deps.fieldCrypto,
    notifications: createNotificationPublisher(deps.queue),
    signals: createConversationSignals({ db: deps.db }),
  });
  deps.jobs.register(ENCRYPT_SUBJECTS_JOB, async (payload) => {
    // The next run is queued first, so a failing run never ends the schedule.
    await scheduleSubjectEncryption(deps.queue, { after: payload });
    await messages.encryptClearSubjects();
  });
  await app.register(messagesRoutes, { messages });
  // In a context of its own: the multipart parser applies to sending a message alone.
  await app.register(async (files) => {
    const options = documentMultipartOptions(ATTACHMENT_LIMITS);
    await files.register(multipart, { ...options, limits: { ...options.limits, fieldSize: HTML_FIELD_BYTES } });
    await files.register(messageSendRoutes, { messages, upload: uploads.upload, limits: ATTACHMENT_LIMITS });
  });
};
