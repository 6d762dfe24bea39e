import { useTranslation } from 'react-i18next';
import { DocumentsScreen } from '@/features/documents/components/documents-screen';
import { href } from '../../routes-table';

const documentHref = (id: number) => href('Document', { id });

/** Received docs (spec 02): what the other side uploaded; Home's tag cards open it with serviceId and tagId. */
export function ReceivedDocsRoute() {
  const { t } = useTranslation();
  return <DocumentsScreen kind="received" title={t('nav.receivedDocs')} documentHref={documentHref} />;
}
