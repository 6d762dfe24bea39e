import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

/** Placeholder while the screen is built (issue 20). */
export function RequestTemplatesRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.requestTemplates')} />;
}
