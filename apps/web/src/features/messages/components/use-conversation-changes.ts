import type { ConversationDto } from '@ledgerport/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { staleVersionOf } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { afterConversationChanged } from '../api/get-conversation';
import { messageKeys } from '../api/message-keys';
import { useUpdateConversation } from '../api/update-conversation';

/**
 * Assign, close and reopen, from the inbox's row menu or the conversation's header. Each sends the
 * version on screen; when someone changed the conversation meanwhile (412) it shows as it is now and
 * the person decides again.
 */
export function useConversationChanges() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateConversation();

  const refused = async (conversation: ConversationDto, error: unknown) => {
    if (staleVersionOf(error)) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.conversation(conversation.id), exact: true }),
        afterConversationChanged(queryClient, null),
      ]);
      notify.error(t('common.conflict.changedMeanwhile', { name: conversation.subject }), {
        key: `conversation-${conversation.id}`,
      });
      return;
    }
    notify.error(t('messages.feedback.updateError'), { key: `conversation-${conversation.id}` });
  };

  return {
    isPending: update.isPending,
    async toggleStatus(conversation: ConversationDto) {
      const closing = conversation.status === 'open';
      try {
        await update.mutateAsync({
          id: conversation.id,
          input: { status: closing ? 'closed' : 'open' },
          version: conversation.version,
        });
        notify.success(
          t(closing ? 'messages.feedback.closed' : 'messages.feedback.reopened', { subject: conversation.subject }),
          { key: `conversation-${conversation.id}` },
        );
      } catch (error) {
        await refused(conversation, error);
      }
    },
    /** `assignee` null: unassigned. Answers whether it was saved. */
    async assign(conversation: ConversationDto, assignee: { userId: number; name: string } | null): Promise<boolean> {
      try {
        await update.mutateAsync({
          id: conversation.id,
          input: { assigneeUserId: assignee?.userId ?? null },
          version: conversation.version,
        });
        notify.success(
          assignee
            ? t('messages.feedback.assigned', { subject: conversation.subject, name: assignee.name })
            : t('messages.feedback.unassigned', { subject: conversation.subject }),
          { key: `conversation-${conversation.id}` },
        );
        return true;
      } catch (error) {
        await refused(conversation, error);
        return false;
      }
    },
  };
}
