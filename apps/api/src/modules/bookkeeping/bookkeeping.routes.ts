import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookkeepingCompletionDtoSchema,
  bookkeepingFiltersSchema,
  bookkeepingRecordDtoSchema,
  editBookkeepingInputSchema,
  idParamsSchema,
  insertBookkeepingInputSchema,
  listBookkeepingQuerySchema,
  pagedBookkeepingSchema,
  bookkeepingYearDtoSchema,
  bookkeepingYearQuerySchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { IF_MATCH_NOTE, ifMatchOf } from '../../lib/row-version.js';
import { principalOf } from '../../plugins/auth.js';
import type { BookkeepingService } from './bookkeeping.service.js';

const PERMISSION = { list: 'bookkeeping:list', edit: 'bookkeeping:edit', status: 'bookkeeping:status' } as const;
const tags = ['document'];

export const bookkeepingRoutes: FastifyPluginAsyncZod<{ bookkeeping: BookkeepingService }> = async (
  app,
  { bookkeeping },
) => {
  app.get(
    '/document/bookkeeping/months',
    {
      config: { permission: PERMISSION.status },
      schema: {
        tags,
        summary: "A client's bookkeeping year: each month's status and what it waits for",
        description:
          'Status: closed (the four checks done and nothing waiting on the client), waiting-on-you (a ' +
          'transaction question or a bookkeeping request item waits on the client), collecting (no bank ' +
          'statement yet), in-progress (otherwise), upcoming (a month not begun). Staff name the client; a ' +
          'client user gets their current client (owner, or collaborator granted Bookkeeping).',
        querystring: bookkeepingYearQuerySchema,
        response: { 200: bookkeepingYearDtoSchema },
      },
    },
    async (request) => bookkeeping.year(request.query, principalOf(request)),
  );

  app.get(
    '/document/bookkeeping',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: 'The bookkeeping tracker: one row per client with the Bookkeeping service, for one month',
        description:
          'year (2020 to the current year) and month (1-12) default to the current month (UTC). A row with ' +
          'id 0 has nothing stored yet. Bank and financial statements are derived from the documents ' +
          'uploaded that month (UTC) with the bank-statement / financial-statements main tag.',
        querystring: listBookkeepingQuerySchema,
        response: { 200: pagedBookkeepingSchema },
      },
    },
    async (request) => bookkeeping.list(request.query, principalOf(request)),
  );

  app.get(
    '/document/bookkeeping/completion',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: "The tracker's completion per month, for its chart: the 12 months ending with the filters' month",
        description:
          "The list's filters. Each month: the rows listed, how many are complete (all four checks), and how " +
          'many have each check done. With clientId, one client (404 when the tracker does not list it for the caller).',
        querystring: bookkeepingFiltersSchema,
        response: { 200: bookkeepingCompletionDtoSchema },
      },
    },
    async (request) => bookkeeping.completion(request.query, principalOf(request)),
  );

  app.post(
    '/document/bookkeeping',
    {
      config: { permission: PERMISSION.edit },
      schema: {
        tags,
        summary: "Store a client's month for the first time (201), or update it when it is stored already (200)",
        body: insertBookkeepingInputSchema,
        response: { 200: bookkeepingRecordDtoSchema, 201: bookkeepingRecordDtoSchema },
      },
    },
    async (request, reply) => {
      const { record, created } = await bookkeeping.insert(request.body, principalOf(request), requestContext(request));
      return reply.status(created ? 201 : 200).send(record);
    },
  );

  app.put(
    '/document/bookkeeping/:id',
    {
      config: { permission: PERMISSION.edit },
      schema: {
        tags,
        summary: "Update a stored month's number of accounts and QuickBooks flags",
        description: `The list row's version; it answers the new one. ${IF_MATCH_NOTE}`,
        params: idParamsSchema,
        body: editBookkeepingInputSchema,
        response: { 200: bookkeepingRecordDtoSchema },
      },
    },
    async (request) =>
      bookkeeping.edit(
        request.params.id,
        request.body,
        principalOf(request),
        requestContext(request),
        ifMatchOf(request),
      ),
  );
};
