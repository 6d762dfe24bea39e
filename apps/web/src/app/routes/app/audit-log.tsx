import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function AuditLogRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.auditLog')} />;
}
