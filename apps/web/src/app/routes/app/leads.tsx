import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function LeadsRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.leads')} />;
}
