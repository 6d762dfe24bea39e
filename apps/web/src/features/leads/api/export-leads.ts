import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LeadsFilterQuery } from './lead-keys';

/** The list's filters and sort, without paging: the .xlsx holds every matching lead. */
export function useExportLeads() {
  return useMutation({ mutationFn: (query: LeadsFilterQuery) => api.getBlob('/document/leads/export', { query }) });
}
