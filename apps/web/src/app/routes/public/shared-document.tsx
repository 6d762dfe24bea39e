import { useParams } from 'react-router';
import { SharedDocumentView } from '@/features/documents/components/shared-document-view';

/** A share link for someone without a portal account (DESIGN.md section 6): no sign-in. */
export function SharedDocumentRoute() {
  const { token = '' } = useParams();
  return <SharedDocumentView token={token} />;
}
