import { CLIENT_TYPE, EMPTY_VALUE, type ClientType, type OwnerClientItem } from '@ledgerport/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconEye, IconLock, IconLockOpen, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useChangeCollaboratorStatus, type CollaboratorStatusChange } from '../api/change-collaborator-status';
import { useOwnerClients } from '../api/get-owner-clients';
import { AccountDetailsDrawer } from './account-details-drawer';
import { matchesSearch } from './account-search';
import { AccountTypeIcon } from './account-type-icon';
import { CreateAccountForm } from './create-account-form';

interface SelectedCollaborator {
  clientId: number;
  clientName: string;
  userId: number;
  fullName: string;
  isActive: boolean;
  /** As the list showed it, for If-Match. */
  version: string;
}

/**
 * Accounts, owner tab (spec 02, Accounts): the clients I own, a create-account menu, a client-side
 * search, a details panel, and activating or deactivating a collaborator after selecting its chip.
 */
export function OwnerAccountsTab() {
  const { t } = useTranslation();
  const clients = useOwnerClients();
  const [search, setSearch] = useState('');
  const [createType, setCreateType] = useState<ClientType | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [selected, setSelected] = useState<SelectedCollaborator | null>(null);
  const [confirming, setConfirming] = useState<CollaboratorStatusChange | null>(null);
  const changeStatus = useChangeCollaboratorStatus({
    onSuccess: () => {
      setConfirming(null);
      setSelected(null);
    },
  });

  const rows = (clients.data ?? []).filter((client) =>
    matchesSearch(
      [
        client.fullName,
        client.maskedSocialSecurityNumber,
        client.maskedTaxpayerIdentificationNumber,
        client.advisor?.fullName,
        ...client.collaborators.map((collaborator) => collaborator.fullName),
      ],
      search,
    ),
  );

  return (
    <Stack gap="md" pt="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('invitations.accounts.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
        <Menu position="bottom-end">
          <Menu.Target>
            <Button rightSection={<IconChevronDown size={16} aria-hidden />}>{t('invitations.accounts.create')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<AccountTypeIcon clientType={CLIENT_TYPE.business} size={16} />}
              onClick={() => setCreateType(CLIENT_TYPE.business)}
            >
              {t('invitations.accounts.createBusiness')}
            </Menu.Item>
            <Menu.Item
              leftSection={<AccountTypeIcon clientType={CLIENT_TYPE.personal} size={16} />}
              onClick={() => setCreateType(CLIENT_TYPE.personal)}
            >
              {t('invitations.accounts.createPersonal')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>

      {clients.isLoading ? (
        <Loader size="sm" />
      ) : clients.isError ? (
        <Alert color="red">{t('common.messages.fetchError')}</Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {search.trim() && clients.data?.length ? t('common.table.noResults') : t('common.table.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" aria-label={t('invitations.accounts.tabs.owner')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invitations.accounts.columns.name')}</Table.Th>
                <Table.Th>{t('invitations.accounts.columns.taxNumber')}</Table.Th>
                <Table.Th>{t('invitations.accounts.columns.advisor')}</Table.Th>
                <Table.Th>{t('invitations.accounts.columns.collaborators')}</Table.Th>
                <Table.Th w={60}>{t('common.table.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((client) => (
                <OwnerRow
                  key={client.id}
                  client={client}
                  selected={selected?.clientId === client.id ? selected : null}
                  onSelect={setSelected}
                  onChangeStatus={(collaborator) =>
                    setConfirming({
                      clientId: client.id,
                      userId: collaborator.userId,
                      fullName: collaborator.fullName,
                      activate: !collaborator.isActive,
                      version: collaborator.version,
                    })
                  }
                  onDetails={() => setDetailsId(client.id)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal
        opened={createType !== null}
        onClose={() => setCreateType(null)}
        title={t('invitations.accounts.createTitle')}
      >
        {createType !== null && <CreateAccountForm clientType={createType} onCreated={() => setCreateType(null)} />}
      </Modal>
      <AccountDetailsDrawer clientId={detailsId} onClose={() => setDetailsId(null)} />
      <ConfirmDialog
        opened={confirming !== null}
        title={t(confirming?.activate ? 'invitations.accounts.activateTitle' : 'invitations.accounts.deactivateTitle')}
        message={t(
          confirming?.activate ? 'invitations.accounts.activateMessage' : 'invitations.accounts.deactivateMessage',
          {
            name: confirming?.fullName ?? '',
            client: selected?.clientName ?? '',
          },
        )}
        confirmLabel={t(confirming?.activate ? 'common.actions.activate' : 'common.actions.deactivate')}
        danger={!confirming?.activate}
        loading={changeStatus.isPending}
        onConfirm={() => confirming && changeStatus.mutate(confirming)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}

function OwnerRow({
  client,
  selected,
  onSelect,
  onChangeStatus,
  onDetails,
}: {
  client: OwnerClientItem;
  selected: SelectedCollaborator | null;
  onSelect: (collaborator: SelectedCollaborator | null) => void;
  onChangeStatus: (collaborator: SelectedCollaborator) => void;
  onDetails: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <AccountTypeIcon clientType={client.clientType} />
          <Text size="sm" fw={500}>
            {client.fullName}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`invitations.accounts.type.${client.clientType === CLIENT_TYPE.business ? '1' : '2'}`)}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        {client.maskedTaxpayerIdentificationNumber ?? client.maskedSocialSecurityNumber ?? EMPTY_VALUE}
      </Table.Td>
      <Table.Td>{client.advisor?.fullName ?? EMPTY_VALUE}</Table.Td>
      <Table.Td>
        <Group gap={6}>
          {client.collaborators.map((collaborator) => {
            const isSelected = selected?.userId === collaborator.userId;
            const entry = { clientId: client.id, clientName: client.fullName, ...collaborator };
            return (
              <UnstyledButton
                key={collaborator.userId}
                aria-pressed={isSelected}
                onClick={() => onSelect(isSelected ? null : entry)}
              >
                <Badge
                  variant={isSelected ? 'filled' : 'light'}
                  color={collaborator.isActive ? undefined : 'gray'}
                  radius="sm"
                  tt="none"
                  style={{ cursor: 'pointer' }}
                >
                  {collaborator.isActive
                    ? collaborator.fullName
                    : t('invitations.accounts.inactiveCollaborator', { name: collaborator.fullName })}
                </Badge>
              </UnstyledButton>
            );
          })}
          {selected && (
            <ActionIcon
              variant="subtle"
              color={selected.isActive ? 'red' : undefined}
              aria-label={t(selected.isActive ? 'invitations.accounts.lock' : 'invitations.accounts.unlock', {
                name: selected.fullName,
              })}
              onClick={() => onChangeStatus(selected)}
            >
              {selected.isActive ? <IconLock size={16} /> : <IconLockOpen size={16} />}
            </ActionIcon>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('invitations.accounts.showDetails', { name: client.fullName })}
          onClick={onDetails}
        >
          <IconEye size={18} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}
