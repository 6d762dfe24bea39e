import { conversationDtoSchema, type StartConversationInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterConversationChanged } from './get-conversation';
import { CONVERSATIONS_PATH } from './message-keys';

/** The API client gives the POST an Idempotency-Key that its own retries reuse: one conversation per click. */
export function startConversation(input: StartConversationInput) {
  return api.post(CONVERSATIONS_PATH, { body: input, schema: conversationDtoSchema });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startConversation,
    onSuccess: (conversation) => afterConversationChanged(queryClient, conversation),
  });
}
