import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsPath, type TransactionsFilterQuery } from './reconciliation-keys';

/** The list's filters without paging: the file holds every matching transaction. */
export function exportTransactions(clientId: number, accountId: number, query: TransactionsFilterQuery) {
  return api.getBlob(`${accountsPath(clientId)}/${accountId}/transactions/export`, { query });
}

export function useExportTransactions(clientId: number, accountId: number) {
  return useMutation({
    mutationFn: (query: TransactionsFilterQuery) => exportTransactions(clientId, accountId, query),
  });
}
