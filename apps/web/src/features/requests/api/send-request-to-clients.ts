import { sendRequestToClientsResultSchema, type SendRequestToClientsInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type QueryParams } from '@/lib/api-client';
import { afterRequestChanged } from './get-request';

/** One request to every client of the Clients list's current search: the filters travel in the query string. */
export function sendRequestToClients({
  clientsQuery,
  input,
}: {
  clientsQuery: QueryParams;
  input: SendRequestToClientsInput;
}) {
  return api.post('/document/requests/send-to-clients', {
    query: clientsQuery,
    body: input,
    schema: sendRequestToClientsResultSchema,
  });
}

export function useSendRequestToClients() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendRequestToClients, onSuccess: () => afterRequestChanged(queryClient, null) });
}
