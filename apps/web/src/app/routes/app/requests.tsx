import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

/** Placeholder while the screen is built (issue 20). */
export function RequestsRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.requests')} />;
}
