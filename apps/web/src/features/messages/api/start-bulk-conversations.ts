import { bulkConversationResultSchema, type BulkConversationInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterConversationChanged } from './get-conversation';
import { CONVERSATIONS_PATH } from './message-keys';

/** `POST conversations/bulk`: the same first message to each client, one conversation per client. */
export function startBulkConversations(input: BulkConversationInput) {
  return api.post(`${CONVERSATIONS_PATH}/bulk`, { body: input, schema: bulkConversationResultSchema });
}

export function useStartBulkConversations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBulkConversations,
    onSuccess: () => afterConversationChanged(queryClient, null),
  });
}
