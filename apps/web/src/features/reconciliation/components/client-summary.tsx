import { BANK_LINK_MODE, type InstitutionAccountsResponse } from '@ledgerport/shared';
import { ActionIcon, Badge, Group, Loader, Text, Title, Tooltip } from '@mantine/core';
import { IconFlask, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WRAPPING_BADGE } from '@/components/ui/wrapping-badge';
import { formatLastSync } from '../format';

interface ClientSummaryProps {
  clientName: string;
  data: InstitutionAccountsResponse | undefined;
  /** Staff only (spec 03 section 6: client users have no change-client pencil). */
  onChangeClient: (() => void) | null;
}

/** Whose accounts these are, when they were last synchronised, and whether the bank is the sandbox. */
export function ClientSummary({ clientName, data, onChangeClient }: ClientSummaryProps) {
  const { t } = useTranslation();
  const lastSync = data?.client.plaidLastSyncTime;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Title order={2} size="h3">
          {clientName}
        </Title>
        {onChangeClient && (
          <Tooltip label={t('reconciliation.client.change')}>
            <ActionIcon variant="subtle" aria-label={t('reconciliation.client.change')} onClick={onChangeClient}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        {data?.mode === BANK_LINK_MODE.sandbox && (
          <Badge color="orange" variant="light" leftSection={<IconFlask size={12} aria-hidden />} {...WRAPPING_BADGE}>
            {t('reconciliation.sandbox.testMode')}
          </Badge>
        )}
      </Group>
      {data && (
        <Group gap="xs" aria-live="polite">
          {data.isSyncing && (
            <>
              <Loader size="xs" aria-hidden />
              <Text size="sm">{t('reconciliation.accounts.syncing')}</Text>
            </>
          )}
          <Text size="sm" c="dimmed">
            {lastSync
              ? t('reconciliation.accounts.lastSync', { time: formatLastSync(lastSync) })
              : t('reconciliation.accounts.neverSynced')}
          </Text>
        </Group>
      )}
    </Group>
  );
}
