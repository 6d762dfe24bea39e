import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function SettingsRoute() {
  const { t } = useTranslation();
  return <PageHeader title={t('nav.settings')} />;
}
