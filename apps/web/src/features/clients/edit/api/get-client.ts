import { clientEditDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { EditableClientType } from '../lib/client-form-values';
import { clientEditKeys } from './client-edit-keys';

/** `GET document/clients/business|personal/{id}`: the edit form's data with the full sensitive values. */
export function getClientForEdit(clientType: EditableClientType, id: number, signal?: AbortSignal) {
  return api.get(`/document/clients/${clientType}/${id}`, { schema: clientEditDtoSchema, signal });
}

export function clientForEditQueryOptions(clientType: EditableClientType, id: number) {
  return queryOptions({
    queryKey: clientEditKeys.client(clientType, id),
    queryFn: ({ signal }) => getClientForEdit(clientType, id, signal),
    // Each read is an audited reveal of sensitive values: no refetching behind the user's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useClientForEdit(clientType: EditableClientType, id: number) {
  return useQuery(clientForEditQueryOptions(clientType, id));
}
