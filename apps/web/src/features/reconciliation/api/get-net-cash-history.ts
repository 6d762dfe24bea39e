import { netCashHistoryDtoSchema } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsPath, reconciliationKeys } from './reconciliation-keys';

/** The client's net cash at each of the last 12 months' ends, per currency. */
export function getNetCashHistory(clientId: number, signal?: AbortSignal) {
  return api.get(`${accountsPath(clientId)}/net-cash-history`, { schema: netCashHistoryDtoSchema, signal });
}

export function useNetCashHistory(clientId: number | null) {
  return useQuery({
    enabled: clientId !== null,
    queryKey: reconciliationKeys.netCashHistory(clientId ?? 0),
    queryFn: ({ signal }) => getNetCashHistory(clientId ?? 0, signal),
  });
}
