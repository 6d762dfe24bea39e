import { CLIENT_TYPE, EMPTY_VALUE, type CollaboratorClientItem } from '@ledgerport/shared';
import { ActionIcon, Alert, Badge, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDoorExit, IconEye, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCollaboratorClients } from '../api/get-collaborator-clients';
import { useLeaveCollaboration } from '../api/leave-collaboration';
import { AccountDetailsDrawer } from './account-details-drawer';
import { matchesSearch } from './account-search';
import { AccountTypeIcon } from './account-type-icon';

/** Accounts, collaborator tab (spec 02, Accounts): the clients I collaborate on, and leaving one. */
export function CollaboratorAccountsTab({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const clients = useCollaboratorClients({ enabled: active });
  const [search, setSearch] = useState('');
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [leaving, setLeaving] = useState<CollaboratorClientItem | null>(null);
  const leave = useLeaveCollaboration({ onSuccess: () => setLeaving(null) });
  const typeText = (client: CollaboratorClientItem) =>
    t(`invitations.accounts.type.${client.clientType === CLIENT_TYPE.business ? '1' : '2'}`);

  const rows = (clients.data ?? []).filter((client) =>
    matchesSearch([client.fullName, client.owner.fullName, typeText(client), ...client.services], search),
  );

  return (
    <Stack gap="md" pt="md">
      <TextInput
        label={t('invitations.accounts.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={320}
      />
      {clients.isLoading ? (
        <Loader size="sm" />
      ) : clients.isError ? (
        <Alert color="red">{t('common.messages.fetchError')}</Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {search.trim() && clients.data?.length ? t('common.table.noResults') : t('common.table.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-label={t('invitations.accounts.tabs.collaborator')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invitations.accounts.columns.name')}</Table.Th>
                <Table.Th>{t('invitations.accounts.columns.type')}</Table.Th>
                <Table.Th>{t('invitations.accounts.columns.owner')}</Table.Th>
                <Table.Th>{t('invitations.accounts.columns.services')}</Table.Th>
                <Table.Th w={90}>{t('common.table.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((client) => (
                <Table.Tr key={client.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <AccountTypeIcon clientType={client.clientType} />
                      <Text size="sm" fw={500}>
                        {client.fullName}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{typeText(client)}</Table.Td>
                  <Table.Td>{client.owner.fullName}</Table.Td>
                  <Table.Td>
                    {client.services.length === 0 ? (
                      EMPTY_VALUE
                    ) : (
                      <Group gap={4}>
                        {client.services.map((service) => (
                          <Badge key={service} variant="light" radius="sm" tt="none">
                            {service}
                          </Badge>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('invitations.accounts.showDetails', { name: client.fullName })}
                        onClick={() => setDetailsId(client.id)}
                      >
                        <IconEye size={18} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('invitations.accounts.leave', { name: client.fullName })}
                        onClick={() => setLeaving(client)}
                      >
                        <IconDoorExit size={18} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <AccountDetailsDrawer clientId={detailsId} onClose={() => setDetailsId(null)} />
      <ConfirmDialog
        opened={leaving !== null}
        title={t('invitations.accounts.leaveTitle')}
        message={t('invitations.accounts.leaveMessage', { name: leaving?.fullName ?? '' })}
        confirmLabel={t('invitations.accounts.leaveLabel')}
        danger
        loading={leave.isPending}
        onConfirm={() => leaving && leave.mutate({ clientId: leaving.id, name: leaving.fullName })}
        onClose={() => setLeaving(null)}
      />
    </Stack>
  );
}
