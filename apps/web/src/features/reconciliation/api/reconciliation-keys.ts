import type { TransactionQuery } from '@ledgerport/shared';

export type TransactionsListQuery = Partial<TransactionQuery>;
export type TransactionsFilterQuery = Omit<TransactionsListQuery, 'limit' | 'offset'>;

/** Where each client's accounts and their transactions live in the query cache. */
export const reconciliationKeys = {
  all: ['reconciliation'] as const,
  bookkeepingClients: () => [...reconciliationKeys.all, 'bookkeeping-clients'] as const,
  accounts: (clientId: number) => [...reconciliationKeys.all, 'clients', clientId, 'accounts'] as const,
  account: (clientId: number, accountId: number) => [...reconciliationKeys.accounts(clientId), accountId] as const,
  transactions: (clientId: number, accountId: number, query: TransactionsListQuery) =>
    [...reconciliationKeys.account(clientId, accountId), 'transactions', query] as const,
  balance: (clientId: number, accountId: number, year: number, month: number) =>
    [...reconciliationKeys.account(clientId, accountId), 'balance', year, month] as const,
  monthTotal: (clientId: number, accountId: number, year: number, month: number) =>
    [...reconciliationKeys.account(clientId, accountId), 'month-total', year, month] as const,
  balanceHistory: (clientId: number, accountId: number) =>
    [...reconciliationKeys.account(clientId, accountId), 'balance-history'] as const,
  netCashHistory: (clientId: number) => [...reconciliationKeys.accounts(clientId), 'net-cash-history'] as const,
  categories: () => [...reconciliationKeys.all, 'categories'] as const,
  connectionsNeedingAction: () => [...reconciliationKeys.all, 'connections-needing-action'] as const,
  sandboxInstitutions: () => [...reconciliationKeys.all, 'sandbox-institutions'] as const,
};

export const CONNECTIONS_NEEDING_ACTION_PATH = '/document/reconciliation/connections';

/** Every path of one client's accounts starts here. */
export const accountsPath = (clientId: number) => `/document/clients/${clientId}/institution-accounts`;
