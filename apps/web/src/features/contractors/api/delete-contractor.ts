import type { ContractorListDto } from '@ledgerport/shared';
import { useMutation, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contractorKeys } from './contractor-keys';

/** `version` is the one the list loaded: a delete after someone else's change is refused (412). */
export function deleteContractor({ id, version }: { id: number; version?: string }) {
  return api.delete(`/document/contractors/${id}`, { ifMatch: version });
}

/** The version of a contractor as the loaded list shows it (for a target that does not carry its own). */
export function listedContractorVersion(queryClient: QueryClient, id: number): string | undefined {
  for (const [, page] of queryClient.getQueriesData<ContractorListDto>({ queryKey: contractorKeys.lists() })) {
    const row = page?.items.find((item) => item.id === id);
    if (row) return row.version;
  }
  return undefined;
}

/** The screen reloads the list itself, after choosing the page to show. */
export function useDeleteContractor() {
  return useMutation({ mutationFn: deleteContractor });
}
