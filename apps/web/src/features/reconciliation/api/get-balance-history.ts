import { accountBalanceHistoryDtoSchema } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsPath, reconciliationKeys } from './reconciliation-keys';

/** The account's last 12 months for its charts: ending balance, money in and money out. */
export function getBalanceHistory(clientId: number, accountId: number, signal?: AbortSignal) {
  return api.get(`${accountsPath(clientId)}/${accountId}/balance-history`, {
    schema: accountBalanceHistoryDtoSchema,
    signal,
  });
}

export function useBalanceHistory(clientId: number | null, accountId: number) {
  return useQuery({
    enabled: clientId !== null && accountId > 0,
    queryKey: reconciliationKeys.balanceHistory(clientId ?? 0, accountId),
    queryFn: ({ signal }) => getBalanceHistory(clientId ?? 0, accountId, signal),
  });
}
