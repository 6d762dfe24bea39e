import type { SessionDto } from '@ledgerport/shared';
import { Alert, Button, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageLoader } from '@/components/ui/page-loader';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useRevokeAllUserSessions, useRevokeUserSession, useUserSessions } from '../api/user-sessions';
import { describeDevice } from '@/lib/describe-device';

export interface UserSessionsTarget {
  id: number;
  fullName: string;
}

const TIME_FORMAT = 'MMM D, YYYY HH:mm';

/**
 * Another user's active sessions (issue 11 item 2): ending one (a lost laptop) or all of them, each
 * after a confirmation. The per-session texts are those of the profile's own sessions list.
 */
export function UserSessionsModal({ target, onClose }: { target: UserSessionsTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const sessions = useUserSessions(target?.id ?? null);
  const revokeAll = useRevokeAllUserSessions();
  const revokeOne = useRevokeUserSession();
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState<SessionDto | null>(null);
  const name = target?.fullName ?? '';

  const describe = (session: SessionDto) => {
    const device = describeDevice(session.userAgent);
    switch (device.kind) {
      case 'known':
        return t('users.sessions.device', { browser: device.browser, system: device.system });
      case 'partial':
        return device.name;
      case 'raw':
        return device.text;
      default:
        return t('users.sessions.unknownDevice');
    }
  };

  const confirm = async () => {
    if (!target) return;
    try {
      await revokeAll.mutateAsync(target.id);
      notify.success(t('users.messages.sessionsRevoked', { name }), { key: `user-sessions-${target.id}` });
    } catch {
      notify.error(t('users.messages.sessionsRevokeError'), { key: 'user-sessions-failed' });
    }
    setConfirming(false);
  };

  const confirmOne = async () => {
    if (!target || !revoking) return;
    try {
      await revokeOne.mutateAsync({ userId: target.id, sessionId: revoking.id });
      notify.success(t('auditLog.sessions.revoked'), { key: `user-session-${revoking.id}` });
    } catch {
      notify.error(t('auditLog.sessions.revokeError'), { key: 'user-session-failed' });
    }
    setRevoking(null);
  };

  const close = () => {
    setConfirming(false);
    setRevoking(null);
    onClose();
  };

  return (
    <>
      <Modal opened={target !== null} onClose={close} title={t('users.sessions.title', { name })} size="xl" centered>
        {sessions.isPending ? (
          <PageLoader />
        ) : sessions.isError ? (
          <Alert color="red" title={t('users.sessions.fetchError')}>
            <Button variant="light" color="red" mt="sm" onClick={() => void sessions.refetch()}>
              {t('errors.retry')}
            </Button>
          </Alert>
        ) : sessions.data.length === 0 ? (
          <Text size="sm">{t('users.sessions.empty', { name })}</Text>
        ) : (
          <Stack gap="md">
            <Table.ScrollContainer minWidth={560}>
              <Table aria-label={t('users.sessions.tableLabel', { name })} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users.sessions.columns.device')}</Table.Th>
                    <Table.Th>{t('users.sessions.columns.ipAddress')}</Table.Th>
                    <Table.Th>{t('users.sessions.columns.signedIn')}</Table.Th>
                    <Table.Th>{t('users.sessions.columns.lastActive')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('auditLog.sessions.columns.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sessions.data.map((session) => {
                    const device = describe(session);
                    return (
                      <Table.Tr key={session.id}>
                        <Table.Td>{device}</Table.Td>
                        <Table.Td>{session.ipAddress ?? t('users.sessions.unknownAddress')}</Table.Td>
                        <Table.Td>{formatDate(session.createdAt, TIME_FORMAT)}</Table.Td>
                        <Table.Td>{formatDate(session.lastSeenAt, TIME_FORMAT)}</Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            aria-label={t('auditLog.sessions.revokeLabel', { device })}
                            onClick={() => setRevoking(session)}
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
            <Group justify="flex-end">
              <Button color="red" variant="light" onClick={() => setConfirming(true)}>
                {t('users.sessions.revokeAll')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={target !== null && confirming}
        title={t('users.sessions.confirmTitle')}
        message={t('users.sessions.confirmMessage', { name })}
        confirmLabel={t('users.sessions.confirm')}
        danger
        loading={revokeAll.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
      <ConfirmDialog
        opened={target !== null && revoking !== null}
        title={t('auditLog.sessions.confirmTitle')}
        message={t('auditLog.sessions.confirmMessage')}
        confirmLabel={t('auditLog.sessions.revoke')}
        danger
        loading={revokeOne.isPending}
        onConfirm={() => void confirmOne()}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
