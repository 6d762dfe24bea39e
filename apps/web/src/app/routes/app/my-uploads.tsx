import { useTranslation } from 'react-i18next';
import { DocumentsScreen } from '@/features/documents/components/documents-screen';
import { href } from '../../routes-table';

const documentHref = (id: number) => href('Document', { id });

/** My uploads (spec 02): what the caller's side uploaded. */
export function MyUploadsRoute() {
  const { t } = useTranslation();
  return <DocumentsScreen kind="my-upload" title={t('nav.myUploads')} documentHref={documentHref} />;
}
