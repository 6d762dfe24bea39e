import { Navigate, useParams } from 'react-router';
import { RequestReview } from '@/features/requests/review/request-review';
import { RespondToRequest } from '@/features/requests/respond/respond-to-request';
import { useAuthorization } from '@/lib/authorization';
import { href } from '../../routes-table';

/**
 * One request. A client user responds to its items (To do links here); staff review what came back.
 * The API decides what either may see or do; a request outside the caller's reach answers 404.
 */
export function RequestRoute() {
  const { id } = useParams();
  const { isClient } = useAuthorization();
  const requestId = Number(id);
  if (!Number.isSafeInteger(requestId) || requestId <= 0) return <Navigate to={href('Requests')} replace />;
  return isClient ? (
    <RespondToRequest id={requestId} />
  ) : (
    <RequestReview
      id={requestId}
      listHref={href('Requests')}
      documentHref={(documentId) => href('Document', { id: documentId })}
    />
  );
}
