import { institutionAccountDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountsPath, reconciliationKeys } from './reconciliation-keys';

export function getInstitutionAccount(clientId: number, accountId: number, signal?: AbortSignal) {
  return api.get(`${accountsPath(clientId)}/${accountId}`, { schema: institutionAccountDtoSchema, signal });
}

export function useInstitutionAccount(clientId: number | null, accountId: number) {
  return useQuery({
    ...queryOptions({
      queryKey: reconciliationKeys.account(clientId ?? 0, accountId),
      queryFn: ({ signal }) => getInstitutionAccount(clientId ?? 0, accountId, signal),
    }),
    enabled: clientId !== null && accountId > 0,
  });
}
