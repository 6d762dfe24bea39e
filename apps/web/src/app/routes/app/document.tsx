import { DOCUMENT_TYPE } from '@ledgerport/shared';
import { useParams } from 'react-router';
import { DocumentDetails } from '@/features/documents/components/document-details';
import { useAuthorization } from '@/lib/authorization';
import { href } from '../../routes-table';

const homeHref = href('Dashboard');

/** One document (`/documents/:id`), where a share e-mail to a portal user leads after sign-in. */
export function DocumentRoute() {
  const { id } = useParams();
  const { isClient } = useAuthorization();
  const documentId = Number(id);
  return (
    <DocumentDetails
      documentId={Number.isInteger(documentId) && documentId > 0 ? documentId : null}
      homeHref={homeHref}
      showClient={!isClient}
      // Clients do not see the status of what the firm sent them (spec 02, Received Documents).
      showStatus={(type) => !isClient || type === DOCUMENT_TYPE.myUpload}
    />
  );
}
