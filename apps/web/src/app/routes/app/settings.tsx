import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { PageLoader } from '@/components/ui/page-loader';
import { useFirmSettings } from '@/features/settings/api/settings';
import { SettingsForm } from '@/features/settings/components/settings-form';

export function SettingsRoute() {
  const { t } = useTranslation();
  const settings = useFirmSettings();
  return (
    <>
      <PageHeader title={t('nav.settings')} />
      {settings.isPending ? (
        <PageLoader />
      ) : settings.isError ? (
        <Alert color="red" title={t('errors.fetch')} maw={560}>
          <Button variant="light" color="red" mt="sm" onClick={() => void settings.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </>
  );
}
