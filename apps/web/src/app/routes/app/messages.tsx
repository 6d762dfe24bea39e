import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Inbox } from '@/features/messages/components/inbox';
import { href } from '../../routes-table';

/** Messages (issue 23): the inbox; a conversation opens on its own page. */
export function MessagesRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Inbox
      title={t('nav.messages')}
      conversationHref={(id) => href('Conversation', { id })}
      hitHref={(hit) => `${href('Conversation', { id: hit.conversationId })}#message-${hit.messageId}`}
      onStarted={(conversation) => void navigate(href('Conversation', { id: conversation.id }))}
    />
  );
}
