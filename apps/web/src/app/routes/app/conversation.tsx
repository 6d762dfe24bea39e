import { Navigate, useParams } from 'react-router';
import { ConversationView } from '@/features/messages/components/conversation-view';
import { href } from '../../routes-table';

/** One conversation; a conversation outside the caller's reach answers 404. */
export function ConversationRoute() {
  const { id } = useParams();
  const conversationId = Number(id);
  if (!Number.isSafeInteger(conversationId) || conversationId <= 0) return <Navigate to={href('Messages')} replace />;
  return (
    <ConversationView
      key={conversationId}
      id={conversationId}
      listHref={href('Messages')}
      documentHref={(documentId) => href('Document', { id: documentId })}
    />
  );
}
