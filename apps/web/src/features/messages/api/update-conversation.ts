import { conversationDtoSchema, type UpdateConversationInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterConversationChanged } from './get-conversation';
import { conversationPath } from './message-keys';

/** Assign, close or reopen (staff). `version` is the one on screen: a change over a newer one is refused (412). */
export function updateConversation({
  id,
  input,
  version,
}: {
  id: number;
  input: UpdateConversationInput;
  version: string;
}) {
  return api.put(conversationPath(id), { body: input, schema: conversationDtoSchema, ifMatch: version });
}

export function useUpdateConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConversation,
    onSuccess: (conversation) => afterConversationChanged(queryClient, conversation),
  });
}
