import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_LIMITS } from '@ledgerport/shared';
import { createClientsRepository, createClientsService } from '../clients/index.js';
import { createDocumentUploads, documentMultipartOptions } from '../documents/index.js';
import type { ModuleDeps } from '../module-deps.js';
import { createNotificationPublisher, createNotificationRecipients } from '../notifications/index.js';
import { createSettingsRepository, hoursFromSeconds } from '../settings/index.js';
import { createRequestRemindersRepository } from './request-reminders.repository.js';
import { requestRemindersRoutes } from './request-reminders.routes.js';
import {
  createRequestRemindersService,
  scheduleRequestReminders,
  SEND_REQUEST_REMINDERS_JOB,
} from './request-reminders.service.js';
import { createRequestSchedulesRepository } from './request-schedules.repository.js';
import { requestSchedulesRoutes } from './request-schedules.routes.js';
import {
  createRequestSchedulesService,
  RUN_REQUEST_SCHEDULES_JOB,
  scheduleRequestSchedules,
} from './request-schedules.service.js';
import { createRequestTemplatesRepository } from './request-templates.repository.js';
import { requestTemplatesRoutes } from './request-templates.routes.js';
import { createRequestTemplatesService } from './request-templates.service.js';
import { createRequestsRepository } from './requests.repository.js';
import { requestFilesRoutes, requestsRoutes } from './requests.routes.js';
import { createRequestsService } from './requests.service.js';

/**
 * Requests to clients: items, responses, review, the firm's templates and recurring requests (issue 20),
 * and their reminders (issue 22; docs/requests.md).
 */
export const requestsModule: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const settings = createSettingsRepository({
    db: deps.db,
    absoluteDefaultHours: hoursFromSeconds(deps.config.sessionAbsoluteTtlSeconds),
  });
  const uploads = createDocumentUploads(deps, DOCUMENT_LIMITS);
  const repository = createRequestsRepository({ db: deps.db });
  const notifications = createNotificationPublisher(deps.queue);
  // Only for its filter of the Clients list (a send to many clients); it sends no mail from here.
  const clients = createClientsService({
    db: deps.db,
    clients: createClientsRepository({ db: deps.db }),
    users: deps.users,
    audit: deps.audit,
    mail: deps.mail,
    fieldCrypto: deps.fieldCrypto,
  });
  const requests = createRequestsService({
    db: deps.db,
    repository,
    audit: deps.audit,
    fieldCrypto: deps.fieldCrypto,
    timeZone: (tx) => settings.timeZone(tx),
    activeTagGroups: uploads.activeTagGroups,
    filteredClientIds: (query, caller, limit) => clients.filteredIds(query, caller, limit),
    notifications,
    reminderCadence: (tx) => settings.reminderCadence(tx),
  });
  await app.register(requestsRoutes, { requests });
  const reminders = createRequestRemindersService({
    db: deps.db,
    repository: createRequestRemindersRepository({ db: deps.db }),
    recipients: createNotificationRecipients({ db: deps.db }),
    mail: deps.mail,
    notifications,
    audit: deps.audit,
    timeZone: (tx) => settings.timeZone(tx),
    firmCadence: (tx) => settings.reminderCadence(tx),
    logger: app.log,
  });
  await app.register(requestRemindersRoutes, { reminders });
  deps.jobs.register(SEND_REQUEST_REMINDERS_JOB, async (payload) => {
    // The next run is queued first, so a failing run never ends the hourly chain.
    await scheduleRequestReminders(deps.queue, { after: payload });
    await reminders.runDue();
  });
  const templates = createRequestTemplatesRepository({ db: deps.db });
  await app.register(requestTemplatesRoutes, {
    templates: createRequestTemplatesService({
      db: deps.db,
      repository: templates,
      audit: deps.audit,
      activeTagGroups: uploads.activeTagGroups,
    }),
  });
  const schedules = createRequestSchedulesService({
    db: deps.db,
    repository: createRequestSchedulesRepository({ db: deps.db }),
    templates,
    requests: repository,
    audit: deps.audit,
    timeZone: (tx) => settings.timeZone(tx),
    notifications,
  });
  await app.register(requestSchedulesRoutes, { schedules });
  deps.jobs.register(RUN_REQUEST_SCHEDULES_JOB, async (payload) => {
    // The next run is queued first, so a failing run never ends the schedule.
    await scheduleRequestSchedules(deps.queue, { after: payload });
    await schedules.runDue();
  });
  // In a context of its own: the multipart parser applies to the item upload alone.
  await app.register(async (files) => {
    await files.register(multipart, documentMultipartOptions(DOCUMENT_LIMITS));
    await files.register(requestFilesRoutes, { requests, upload: uploads.upload, limits: DOCUMENT_LIMITS });
  });
};
