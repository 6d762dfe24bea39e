import { transactionListSchema } from '@ledgerport/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsPath, reconciliationKeys, type TransactionsListQuery } from './reconciliation-keys';

export function getTransactions(
  clientId: number,
  accountId: number,
  query: TransactionsListQuery,
  signal?: AbortSignal,
) {
  return api.get(`${accountsPath(clientId)}/${accountId}/transactions`, {
    query,
    schema: transactionListSchema,
    signal,
  });
}

export function useTransactions(clientId: number | null, accountId: number, query: TransactionsListQuery) {
  return useQuery({
    enabled: clientId !== null && accountId > 0,
    queryKey: reconciliationKeys.transactions(clientId ?? 0, accountId, query),
    queryFn: ({ signal }) => getTransactions(clientId ?? 0, accountId, query, signal),
    // The previous month stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
