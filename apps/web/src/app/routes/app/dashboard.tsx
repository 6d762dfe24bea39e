import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { useSession } from '@/lib/session';

export function DashboardRoute() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <>
      <PageTitle>{t('nav.home')}</PageTitle>
      <Text>{t('dashboard.welcome', { firstName: user?.firstName ?? '' })}</Text>
    </>
  );
}
