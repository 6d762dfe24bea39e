import { sendClientEmailResultSchema, type SendClientEmailInput } from '@ledgerport/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ClientsFilterQuery } from './client-keys';

/** One e-mail to every client of the current search: the filters travel in the query string. */
export function sendClientsEmail({ query, input }: { query: ClientsFilterQuery; input: SendClientEmailInput }) {
  return api.post('/document/clients/send-email', { query, body: input, schema: sendClientEmailResultSchema });
}

export function useSendClientsEmail() {
  return useMutation({ mutationFn: sendClientsEmail });
}
