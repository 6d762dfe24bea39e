import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  reminderRecipientsSchema,
  remindRequestsInputSchema,
  remindResultSchema,
  REMIND_BULK_LIMIT,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import type { RequestRemindersService } from './request-reminders.service.js';

const tags = ['document'];
const BASE = '/document/requests';
const ONE_A_DAY =
  'A client user gets one reminder a day, whoever or whatever sends it: someone who had today’s already is ' +
  'skipped and counted in `alreadyReminded`. Staff with request:edit.';

/** "Remind now" (docs/requests.md#reminders): the request page and the Requests list's selection. */
export const requestRemindersRoutes: FastifyPluginAsyncZod<{ reminders: RequestRemindersService }> = async (
  app,
  { reminders },
) => {
  app.post(
    `${BASE}/:id/remind`,
    {
      // Sends mail: a retried POST must not send it again (the day's claim would stop it anyway).
      config: { permission: 'request:edit', idempotent: true },
      schema: {
        tags,
        summary: 'Send today’s reminder now to every client user an item of the request waits on',
        description:
          'Each gets one e-mail (unless they chose in-app only) and one notification listing this request and ' +
          'whatever else is due a reminder for them today. 409 REQUEST_NOT_OPEN once completed or cancelled. ' +
          ONE_A_DAY,
        params: idParamsSchema,
        response: { 200: remindResultSchema },
      },
    },
    async (request) => reminders.remindOne(principalOf(request), requestContext(request), request.params.id),
  );

  app.post(
    `${BASE}/remind`,
    {
      config: { permission: 'request:edit', idempotent: true },
      schema: {
        tags,
        summary: 'Send today’s reminder now for several requests (the Requests list’s selection)',
        description:
          `At most ${REMIND_BULK_LIMIT} requests; one outside the caller’s scope makes it 404 for all. A person ` +
          'waited on by several of them gets one reminder listing them all; requests that are not open or have ' +
          'nothing waiting on the client are counted in `requestsSkipped`. ' +
          ONE_A_DAY,
        body: remindRequestsInputSchema,
        response: { 200: remindResultSchema },
      },
    },
    async (request) => reminders.remindMany(principalOf(request), requestContext(request), request.body.ids),
  );

  app.get(
    `${BASE}/:id/reminder-recipients`,
    {
      config: { permission: 'request:edit' },
      schema: {
        tags,
        summary: 'Who “Remind now” would reach: the client users an item of the request waits on',
        description: 'Empty when the request is not open or nothing waits on the client. Staff only.',
        params: idParamsSchema,
        response: { 200: reminderRecipientsSchema },
      },
    },
    async (request) => reminders.recipientsOf(principalOf(request), request.params.id),
  );
};
