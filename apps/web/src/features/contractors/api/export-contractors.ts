import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContractorsFilterQuery } from './contractor-keys';

/** The list's filters and sort, without paging: the file holds every matching contractor. */
export function exportContractors(query: ContractorsFilterQuery) {
  return api.getBlob('/document/contractors/export', { query });
}

export function useExportContractors() {
  return useMutation({ mutationFn: exportContractors });
}
