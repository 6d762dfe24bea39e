import { messageDtoSchema, type EditMessageInput, type MessageDto, type MessagePageDto } from '@ledgerport/shared';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterConversationChanged } from './get-conversation';
import { conversationPath, messageKeys } from './message-keys';

/** `version` is the one the message was shown with: an edit over a newer one is refused (412). */
export function editMessage({
  conversationId,
  messageId,
  input,
  version,
}: {
  conversationId: number;
  messageId: number;
  input: EditMessageInput;
  version: string;
}) {
  return api.put(`${conversationPath(conversationId)}/messages/${messageId}`, {
    body: input,
    schema: messageDtoSchema,
    ifMatch: version,
  });
}

/** The answered message replaces the one on screen, in whichever page it is. */
function replaceMessage(data: InfiniteData<MessagePageDto> | undefined, message: MessageDto) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === message.id ? message : item)),
    })),
  };
}

export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMessage,
    onSuccess: async (message, { conversationId }) => {
      queryClient.setQueryData<InfiniteData<MessagePageDto>>(messageKeys.messages(conversationId), (data) =>
        replaceMessage(data, message),
      );
      // The inbox's preview may quote it.
      await afterConversationChanged(queryClient, null);
    },
  });
}
