import { mailMessageBodyDtoSchema } from '@ledgerport/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mailKeys } from './mail-keys';

/** Outside production only: the server registers no such route in production. */
export function getMailMessageBody(id: number, signal?: AbortSignal) {
  return api.get(`/identity/mail/messages/${id}/body`, { schema: mailMessageBodyDtoSchema, signal });
}

export function mailMessageBodyQueryOptions(id: number) {
  return queryOptions({
    queryKey: mailKeys.body(id),
    queryFn: ({ signal }) => getMailMessageBody(id, signal),
    // A body holds live links: fetched when opened, never kept once the drawer closes.
    gcTime: 0,
    staleTime: 0,
  });
}

export function useMailMessageBody(id: number | null) {
  return useQuery({ ...mailMessageBodyQueryOptions(id ?? 0), enabled: id !== null });
}
