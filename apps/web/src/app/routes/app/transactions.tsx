import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function TransactionsRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.transactions')} />;
}
