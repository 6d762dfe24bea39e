import { institutionAccountsResponseSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsPath, reconciliationKeys } from './reconciliation-keys';

/** While a synchronisation runs the page refreshes itself, so the new balances appear without a reload. */
const SYNC_POLL_MS = 3000;

/** getClientPlaidInstitutionAccounts: the client, its checking and credit-card accounts, net cash. */
export function getInstitutionAccounts(clientId: number, signal?: AbortSignal) {
  return api.get(accountsPath(clientId), { schema: institutionAccountsResponseSchema, signal });
}

export function institutionAccountsQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: reconciliationKeys.accounts(clientId),
    queryFn: ({ signal }) => getInstitutionAccounts(clientId, signal),
    refetchInterval: (query) => (query.state.data?.isSyncing ? SYNC_POLL_MS : false),
  });
}

export function useInstitutionAccounts(clientId: number | null) {
  return useQuery({ ...institutionAccountsQueryOptions(clientId ?? 0), enabled: clientId !== null });
}
