import { conversationReadDtoSchema } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { conversationPath, messageKeys } from './message-keys';

/**
 * `PUT conversations/{id}/read`: everything up to the newest message is seen by the caller.
 * `background` when the page marks messages that arrived while it stood open (a poll found them),
 * which is no sign that the person is still there.
 */
export function markConversationRead({ id, background = false }: { id: number; background?: boolean }) {
  return api.put(`${conversationPath(id)}/read`, { schema: conversationReadDtoSchema, background });
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: async ({ conversation, unreadConversations }) => {
      // The answer holds this person's own read mark and the sidebar's new count.
      queryClient.setQueryData(messageKeys.conversation(conversation.id), conversation);
      queryClient.setQueryData(messageKeys.unreadConversations(), unreadConversations);
      await queryClient.invalidateQueries({ queryKey: messageKeys.lists() });
    },
  });
}
