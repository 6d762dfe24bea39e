import { messageDtoSchema, type SendMessageInput } from '@ledgerport/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterConversationChanged } from './get-conversation';
import { conversationPath, messageKeys } from './message-keys';

export interface SendMessageVariables {
  conversationId: number;
  input: SendMessageInput;
  /** Attachments: they become documents of the conversation's client. */
  files?: readonly File[];
  /** The service they are filed under; without one, the firm's default for messages. */
  serviceId?: number | null;
  /** Their tags, by the tag rules of that service (the main tag the firm requires, and so on). */
  tagIds?: readonly number[];
  /** Bytes of the whole request sent so far (multipart only). */
  onProgress?: (loaded: number, total: number) => void;
}

/**
 * `POST conversations/{id}/messages`: JSON, or multipart when files go along. The fields come before
 * the files: the server streams files to storage and must have read the fields first.
 */
export function sendMessage({
  conversationId,
  input,
  files = [],
  serviceId,
  tagIds = [],
  onProgress,
}: SendMessageVariables) {
  const path = `${conversationPath(conversationId)}/messages`;
  if (files.length === 0) return api.post(path, { body: input, schema: messageDtoSchema });
  const form = new FormData();
  form.append('Html', input.html);
  form.append('IsInternalNote', String(input.isInternalNote));
  if (serviceId) form.append('ServiceId', String(serviceId));
  for (const tagId of tagIds) form.append('Tags', String(tagId));
  for (const file of files) form.append('Files', file);
  return api.upload(path, form, { schema: messageDtoSchema, onProgress });
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    // The send is done once the message shows in the conversation; the conversation's status (a
    // client's message reopens it), activity and preview, and the inbox lists, refresh behind it.
    onSuccess: async (_message, { conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(conversationId) });
      void afterConversationChanged(queryClient, null);
      await queryClient.invalidateQueries({ queryKey: messageKeys.messages(conversationId) });
    },
  });
}
