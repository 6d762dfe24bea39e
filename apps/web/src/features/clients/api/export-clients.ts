import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ClientsFilterQuery } from './client-keys';

/** The list's filters and sort, without paging: the file holds every matching client. */
export function exportClients(query: ClientsFilterQuery) {
  return api.getBlob('/document/clients/export', { query });
}

export function useExportClients() {
  return useMutation({ mutationFn: exportClients });
}
