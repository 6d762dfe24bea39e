import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountBalanceHistoryDtoSchema,
  balanceDtoSchema,
  balanceQuerySchema,
  bookkeepingClientDtoSchema,
  bookkeepingClientsQuerySchema,
  connectionsNeedingActionDtoSchema,
  createLinkTokenBodySchema,
  dropdownOptionSchema,
  idSchema,
  institutionAccountDtoSchema,
  institutionAccountsResponseSchema,
  linkTokenResultSchema,
  netCashHistoryDtoSchema,
  publicTokenBodySchema,
  reconnectBodySchema,
  syncResultSchema,
  transactionFiltersSchema,
  transactionListSchema,
  transactionQuerySchema,
} from '@ledgerport/shared';
import { requestContext } from '../../lib/request-context.js';
import { principalOf } from '../../plugins/auth.js';
import { XLSX_CONTENT_TYPE, attachmentDisposition } from '../users/index.js';
import type { ReconciliationService } from './reconciliation.service.js';

const PERMISSION = {
  list: 'reconciliation:list',
  addAccount: 'reconciliation:add-account',
  sync: 'reconciliation:sync',
  transactionList: 'reconciliation:transaction:list',
  transactionExport: 'reconciliation:transaction:export',
} as const;
const tags = ['document'];
const ACCOUNTS = '/document/clients/:clientId/institution-accounts';

const clientParams = z.object({ clientId: idSchema });
const accountParams = z.object({ clientId: idSchema, id: idSchema });
const institutionParams = z.object({ clientId: idSchema, institutionId: idSchema });

export const reconciliationRoutes: FastifyPluginAsyncZod<{ reconciliation: ReconciliationService }> = async (
  app,
  { reconciliation },
) => {
  app.get(
    '/document/clients/business/bookkeeping',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: 'Business clients that use or have used bookkeeping (the reconciliation client chooser)',
        description: 'Client users get only their current client, when it qualifies.',
        querystring: bookkeepingClientsQuerySchema,
        response: { 200: z.array(bookkeepingClientDtoSchema) },
      },
    },
    async (request) =>
      reconciliation.bookkeepingClients(request.query.onlyCurrentlyUsingBookkeepingService, principalOf(request)),
  );

  app.get(
    '/document/reconciliation/connections',
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: 'Linked banks needing the client to reconnect, longest waiting first (at most 500)',
        description:
          'Staff: every reconciliation client (the firm-wide list). Client users: their current client, when ' +
          'they may reconcile it.',
        response: { 200: connectionsNeedingActionDtoSchema },
      },
    },
    async (request) => reconciliation.connectionsNeedingAction(principalOf(request)),
  );

  app.get(
    ACCOUNTS,
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary:
          "A client's linked checking and credit-card accounts with net cash (getClientPlaidInstitutionAccounts)",
        params: clientParams,
        response: { 200: institutionAccountsResponseSchema },
      },
    },
    async (request) => reconciliation.accountsResponse(request.params.clientId, principalOf(request)),
  );

  app.post(
    `${ACCOUNTS}/link-token`,
    {
      config: { permission: PERMISSION.addAccount, idempotent: false },
      schema: {
        tags,
        summary: 'A link token to add a checking (subtype 1) or credit-card (subtype 2) account',
        params: clientParams,
        body: createLinkTokenBodySchema,
        response: { 200: linkTokenResultSchema },
      },
    },
    async (request) =>
      reconciliation.createLinkToken(
        request.params.clientId,
        request.body.subtype,
        principalOf(request),
        requestContext(request),
      ),
  );

  app.post(
    ACCOUNTS,
    {
      config: { permission: PERMISSION.addAccount },
      schema: {
        tags,
        summary: "Link the institution and accounts of the link flow's public token; queues their first sync",
        params: clientParams,
        body: publicTokenBodySchema,
        response: { 201: institutionAccountsResponseSchema },
      },
    },
    async (request, reply) => {
      const { response } = await reconciliation.linkAccounts(
        request.params.clientId,
        request.body.publicToken,
        principalOf(request),
        requestContext(request),
      );
      return reply.status(201).send(response);
    },
  );

  app.post(
    `${ACCOUNTS}/institutions/:institutionId/link-token`,
    {
      config: { permission: PERMISSION.addAccount, idempotent: false },
      schema: {
        tags,
        summary: 'A link token in update mode, to log in again to an institution that needs re-authentication',
        params: institutionParams,
        response: { 200: linkTokenResultSchema },
      },
    },
    async (request) =>
      reconciliation.reconnectLinkToken(
        request.params.clientId,
        request.params.institutionId,
        principalOf(request),
        requestContext(request),
      ),
  );

  app.post(
    `${ACCOUNTS}/institutions/:institutionId/reconnect`,
    {
      config: { permission: PERMISSION.addAccount, idempotent: false },
      schema: {
        tags,
        summary:
          'After the update-mode link flow: the institution works again (accounts and history kept); queues a sync',
        params: institutionParams,
        body: reconnectBodySchema.optional(),
      },
    },
    async (request, reply) => {
      await reconciliation.reconnect(
        request.params.clientId,
        request.params.institutionId,
        principalOf(request),
        requestContext(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${ACCOUNTS}/synchronize`,
    {
      config: { permission: PERMISSION.sync, idempotent: false },
      schema: {
        tags,
        summary: "Queue a synchronisation of the client's accounts (synchronizeClientPlaidInstitutionAccounts)",
        description: "'already-running' when one is queued or running: a second request starts nothing.",
        params: clientParams,
        response: { 202: syncResultSchema },
      },
    },
    async (request, reply) => {
      const result = await reconciliation.requestSync(
        request.params.clientId,
        principalOf(request),
        requestContext(request),
      );
      return reply.status(202).send(result);
    },
  );

  app.get(
    `${ACCOUNTS}/:id`,
    {
      config: { permission: PERMISSION.transactionList },
      schema: {
        tags,
        summary: 'One linked account',
        params: accountParams,
        response: { 200: institutionAccountDtoSchema },
      },
    },
    async (request) => reconciliation.account(request.params.clientId, request.params.id, principalOf(request)),
  );

  app.get(
    `${ACCOUNTS}/:id/transactions`,
    {
      config: { permission: PERMISSION.transactionList },
      schema: {
        tags,
        summary: "An account's transactions, newest first, filtered and paged",
        params: accountParams,
        querystring: transactionQuerySchema,
        response: { 200: transactionListSchema },
      },
    },
    async (request) =>
      reconciliation.transactions(request.params.clientId, request.params.id, request.query, principalOf(request)),
  );

  app.get(
    `${ACCOUNTS}/:id/balance`,
    {
      config: { permission: PERMISSION.transactionList },
      schema: {
        tags,
        summary: "A month's starting and ending balance (starting + the month's amounts = ending)",
        params: accountParams,
        querystring: balanceQuerySchema,
        response: { 200: balanceDtoSchema },
      },
    },
    async (request) =>
      reconciliation.balance(request.params.clientId, request.params.id, request.query, principalOf(request)),
  );

  app.get(
    `${ACCOUNTS}/:id/balance-history`,
    {
      config: { permission: PERMISSION.transactionList },
      schema: {
        tags,
        summary: "The account's last 12 months for its charts: ending balance, money in and money out per month",
        description: 'Oldest month first, ending with the current month (UTC); a month without transactions has zeros.',
        params: accountParams,
        response: { 200: accountBalanceHistoryDtoSchema },
      },
    },
    async (request) => reconciliation.balanceHistory(request.params.clientId, request.params.id, principalOf(request)),
  );

  app.get(
    `${ACCOUNTS}/net-cash-history`,
    {
      config: { permission: PERMISSION.list },
      schema: {
        tags,
        summary: "The client's net cash at each of the last 12 months' ends, per currency (Reconciliations chart)",
        params: clientParams,
        response: { 200: netCashHistoryDtoSchema },
      },
    },
    async (request) => reconciliation.netCashHistory(request.params.clientId, principalOf(request)),
  );

  app.get(
    `${ACCOUNTS}/:id/transactions/export`,
    {
      config: { permission: PERMISSION.transactionExport },
      schema: {
        tags,
        summary: "The account's transactions with the list's filters, as an .xlsx file",
        params: accountParams,
        querystring: transactionFiltersSchema,
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await reconciliation.export(
        request.params.clientId,
        request.params.id,
        request.query,
        principalOf(request),
        requestContext(request),
      );
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/document/transaction-categories',
    {
      config: { permission: PERMISSION.transactionList },
      schema: {
        tags,
        summary: 'The transaction categories (search dropdown; value is the category id)',
        response: { 200: z.array(dropdownOptionSchema) },
      },
    },
    async () => reconciliation.categories(),
  );
};
