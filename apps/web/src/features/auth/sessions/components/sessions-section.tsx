import type { SessionDto } from '@ledgerport/shared';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageLoader } from '@/components/ui/page-loader';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useMySessions } from '../api/get-my-sessions';
import { useRevokeMySession } from '../api/revoke-my-session';
import { describeDevice } from '@/lib/describe-device';

const TIME_FORMAT = 'MMM D, YYYY HH:mm';

/** The profile's list of the signed-in user's sessions, each revocable (issue 11 item 2). */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useMySessions();
  const revoke = useRevokeMySession();
  const [target, setTarget] = useState<SessionDto | null>(null);

  const deviceName = (session: SessionDto) => {
    const device = describeDevice(session.userAgent);
    switch (device.kind) {
      case 'known':
        return t('auditLog.sessions.device', { browser: device.browser, system: device.system });
      case 'partial':
        return device.name;
      case 'raw':
        return device.text;
      default:
        return t('auditLog.sessions.unknownDevice');
    }
  };

  const confirm = async () => {
    if (!target) return;
    try {
      await revoke.mutateAsync(target);
      notify.success(t('auditLog.sessions.revoked'), { key: 'session-revoke' });
    } catch {
      notify.error(t('auditLog.sessions.revokeError'), { key: 'session-revoke' });
    }
    setTarget(null);
  };

  return (
    <Paper withBorder p="md" mt="xl" maw={960} component="section" aria-labelledby="sessions-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="sessions-title">
            {t('auditLog.sessions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('auditLog.sessions.description')}
          </Text>
        </div>
        {sessions.isPending ? (
          <PageLoader />
        ) : sessions.isError ? (
          <Alert color="red" title={t('auditLog.sessions.fetchError')}>
            <Button variant="light" color="red" mt="sm" onClick={() => void sessions.refetch()}>
              {t('errors.retry')}
            </Button>
          </Alert>
        ) : sessions.data.length === 0 ? (
          <Text size="sm">{t('auditLog.sessions.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label={t('auditLog.sessions.tableLabel')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('auditLog.sessions.columns.device')}</Table.Th>
                  <Table.Th>{t('auditLog.sessions.columns.ipAddress')}</Table.Th>
                  <Table.Th>{t('auditLog.sessions.columns.signedIn')}</Table.Th>
                  <Table.Th>{t('auditLog.sessions.columns.lastActive')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('auditLog.sessions.columns.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sessions.data.map((session) => {
                  const device = deviceName(session);
                  return (
                    <Table.Tr key={session.id}>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text size="sm">{device}</Text>
                          {session.current && (
                            <Badge size="sm" variant="light">
                              {t('auditLog.sessions.thisDevice')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{session.ipAddress ?? t('auditLog.sessions.unknownAddress')}</Table.Td>
                      <Table.Td>{formatDate(session.createdAt, TIME_FORMAT)}</Table.Td>
                      <Table.Td>{formatDate(session.lastSeenAt, TIME_FORMAT)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          aria-label={t('auditLog.sessions.revokeLabel', { device })}
                          onClick={() => setTarget(session)}
                        >
                          {t('auditLog.sessions.revoke')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ConfirmDialog
        opened={target !== null}
        title={t('auditLog.sessions.confirmTitle')}
        message={target?.current ? t('auditLog.sessions.confirmCurrentMessage') : t('auditLog.sessions.confirmMessage')}
        confirmLabel={t('auditLog.sessions.revoke')}
        danger
        loading={revoke.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setTarget(null)}
      />
    </Paper>
  );
}
