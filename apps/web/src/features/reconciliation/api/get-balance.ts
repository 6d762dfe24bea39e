import { balanceDtoSchema } from '@ledgerport/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsPath, reconciliationKeys } from './reconciliation-keys';

export function getBalance(clientId: number, accountId: number, year: number, month: number, signal?: AbortSignal) {
  return api.get(`${accountsPath(clientId)}/${accountId}/balance`, {
    query: { year, month },
    schema: balanceDtoSchema,
    signal,
  });
}

/** Spec 03: a failed balance fetch silently clears the balance, so no retry and no message. */
export function useBalance(clientId: number | null, accountId: number, year: number, month: number) {
  return useQuery({
    enabled: clientId !== null && accountId > 0,
    queryKey: reconciliationKeys.balance(clientId ?? 0, accountId, year, month),
    queryFn: ({ signal }) => getBalance(clientId ?? 0, accountId, year, month, signal),
    retry: false,
  });
}
