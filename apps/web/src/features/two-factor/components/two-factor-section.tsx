import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/ui/page-loader';
import { DATE_FORMAT, formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { twoFactorKeys, useTwoFactorStatus } from '../api/two-factor';
import { DisableDialog } from './disable-dialog';
import { EnrolmentFlow } from './enrolment-flow';

/** The profile's two-factor section: set up, see how many recovery codes are left, turn off. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useTwoFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  const [disabling, setDisabling] = useState(false);

  const body = () => {
    if (status.isPending) return <PageLoader />;
    if (status.isError) {
      return (
        <Alert color="red" title={t('errors.fetch')}>
          <Button variant="light" color="red" mt="sm" onClick={() => void status.refetch()}>
            {t('errors.retry')}
          </Button>
        </Alert>
      );
    }
    if (enrolling) {
      return (
        <EnrolmentFlow
          onDone={() => {
            setEnrolling(false);
            notify.success(t('security.twoFactor.enabled'), { key: 'two-factor' });
            void queryClient.invalidateQueries({ queryKey: twoFactorKeys.status });
          }}
          onCancel={() => setEnrolling(false)}
        />
      );
    }
    const { enabled, enabledAt, recoveryCodesRemaining } = status.data;
    return (
      <Stack gap="sm">
        <Text size="sm">{t('security.twoFactor.description')}</Text>
        <Group>
          <Badge color={enabled ? 'green' : 'gray'} variant="light">
            {enabled
              ? t('security.twoFactor.on', { date: formatDate(enabledAt, DATE_FORMAT.details) })
              : t('security.twoFactor.off')}
          </Badge>
          {enabled && (
            <Text size="sm" c="dimmed">
              {t('security.twoFactor.recoveryRemaining', { count: recoveryCodesRemaining })}
            </Text>
          )}
        </Group>
        <Group>
          {enabled ? (
            <Button variant="light" color="red" onClick={() => setDisabling(true)}>
              {t('security.twoFactor.turnOff')}
            </Button>
          ) : (
            <Button onClick={() => setEnrolling(true)}>{t('security.twoFactor.setUp')}</Button>
          )}
        </Group>
      </Stack>
    );
  };

  return (
    <Paper withBorder p="md" mt="xl" maw={960} component="section" aria-labelledby="two-factor-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="two-factor-title">
          {t('security.twoFactor.heading')}
        </Title>
        {body()}
      </Stack>
      <DisableDialog opened={disabling} onClose={() => setDisabling(false)} />
    </Paper>
  );
}
