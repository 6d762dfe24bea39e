import { WRAPPING_BADGE } from '@/components/ui/wrapping-badge';
import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '@/components/data-table/list-state';
import { useConnectionsNeedingAction } from '../api/get-connections-needing-action';
import { connectionStateText } from './accounts-overview';

/**
 * The firm-wide list of linked banks needing the client to act (issue 24 item 2), the longest
 * waiting first: each row opens the client's Reconciliations, where the client (or staff with the
 * link permission) reconnects.
 */
export function ConnectionsNeedingAction({ clientHref }: { clientHref: (clientId: number) => string }) {
  const { t } = useTranslation();
  const connections = useConnectionsNeedingAction();
  const items = connections.data?.items ?? [];
  return (
    <Stack gap="md">
      <Text c="dimmed">{t('reconciliation.connection.listDescription')}</Text>
      <ListState
        isError={connections.isError}
        onRetry={() => void connections.refetch()}
        loadingFirst={connections.isPending}
        empty={connections.isSuccess && items.length === 0}
        emptyHint={t('reconciliation.connection.empty')}
      />
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={0}>
          <Table aria-label={t('reconciliation.connection.tableLabel')} verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('reconciliation.connection.client')}</Table.Th>
                <Table.Th>{t('reconciliation.connection.bank')}</Table.Th>
                <Table.Th>{t('reconciliation.connection.state')}</Table.Th>
                <Table.Th>{t('reconciliation.connection.since')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.institutionId}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={clientHref(item.clientId)}
                      aria-label={t('reconciliation.connection.open', { client: item.clientName })}
                    >
                      {item.clientName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{item.institutionName}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={item.connectionState === 'pending-expiration' ? 'yellow' : 'orange'}
                      variant="light"
                      leftSection={<IconAlertTriangle size={12} aria-hidden />}
                      {...WRAPPING_BADGE}
                    >
                      {connectionStateText(item, t)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <time dateTime={item.connectionStateSince}>
                      {dayjs(item.connectionStateSince).format('MM/DD/YYYY')}
                    </time>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/**
 * The staff dashboard's note of bank connections needing action: nothing while every connection
 * works (or the list cannot be read), else how many, linking to the list.
 */
export function ConnectionsNeedingActionCard({ listHref }: { listHref: string }) {
  const { t } = useTranslation();
  const connections = useConnectionsNeedingAction();
  const count = connections.data?.items.length ?? 0;
  if (count === 0) return null;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="connections-needing-action">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconAlertTriangle size={20} color="var(--mantine-color-orange-7)" aria-hidden />
          <Title order={2} size="h4" id="connections-needing-action">
            {t('reconciliation.connection.cardTitle', { count })}
          </Title>
        </Group>
        <Anchor component={Link} to={listHref}>
          {t('reconciliation.connection.listLink')}
        </Anchor>
      </Group>
    </Card>
  );
}
