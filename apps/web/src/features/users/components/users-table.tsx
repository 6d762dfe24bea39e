import { ROLE_NAME, type UserListItemDto, formatPhone } from '@ledgerport/shared';
import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import {
  IconDeviceDesktop,
  IconDotsVertical,
  IconKey,
  IconPencil,
  IconPlayerPlay,
  IconPlayerStop,
  IconShieldOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';
import { StatusDot } from '@/components/ui/status-dot';
import { useAuthorization } from '@/lib/authorization';
import { ResetTwoFactorDialog } from './reset-two-factor-dialog';
import { UserSessionsModal } from './user-sessions-modal';

export interface UserRowActions {
  /** The signed-in user: they cannot deactivate themselves (the API refuses it too). */
  selfId?: number;
  onEdit?: (user: UserListItemDto) => void;
  onChangeStatus?: (user: UserListItemDto) => void;
  onResetPassword?: (user: UserListItemDto) => void;
  onResetTwoFactor?: (user: UserListItemDto) => void;
  onShowSessions?: (user: UserListItemDto) => void;
}

type TableProps = Omit<DataTableProps<UserListItemDto>, 'columns' | 'rowKey'>;

/** The role chips' words: the role's display name, and an employee's department after a dash. */
export function roleChipLabels(
  user: Pick<UserListItemDto, 'roles' | 'department'>,
  format: (role: string, department: string) => string,
) {
  return user.roles.map((role) =>
    role.name === ROLE_NAME.employee && user.department
      ? format(role.displayName, user.department.displayName)
      : role.displayName,
  );
}

/**
 * The Users list (spec 01 section 2.13); the actions column shows only what the caller may do. The
 * security actions of issue 11 (second factor, sessions) live here with their dialogs, so the screen
 * gets them without wiring.
 */
export function UsersTable({ actions: screenActions, ...table }: TableProps & { actions: UserRowActions }) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const [twoFactorTarget, setTwoFactorTarget] = useState<UserListItemDto | null>(null);
  const [sessionsTarget, setSessionsTarget] = useState<UserListItemDto | null>(null);
  // The reset is offered on the rows of users who have two-factor sign-in on (the list item says so);
  // there is nothing to reset for the others.
  const actions: UserRowActions = {
    onResetTwoFactor: can('user:reset-two-factor') ? setTwoFactorTarget : undefined,
    onShowSessions: can('session:revoke') ? setSessionsTarget : undefined,
    ...screenActions,
  };
  const hasActions = Boolean(
    actions.onEdit ||
    actions.onChangeStatus ||
    actions.onResetPassword ||
    actions.onResetTwoFactor ||
    actions.onShowSessions,
  );

  const columns: DataTableColumn<UserListItemDto>[] = [
    {
      key: 'fullName',
      card: 'title',
      header: t('users.columns.fullName'),
      sortKey: 'fullName',
      render: (user) => (
        <StatusDot active={user.isActive}>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {user.fullName}
          </Text>
        </StatusDot>
      ),
    },
    {
      key: 'emailAddress',
      card: 'primary',
      header: t('users.columns.emailAddress'),
      sortKey: 'emailAddress',
      render: (u) => u.emailAddress,
    },
    { key: 'username', header: t('users.columns.username'), sortKey: 'username', render: (u) => u.username },
    {
      key: 'inviter',
      header: t('users.columns.inviter'),
      sortKey: 'inviter',
      render: (u) => u.inviter?.fullName ?? '',
    },
    {
      key: 'phoneNumber',
      header: t('users.columns.phoneNumber'),
      sortKey: 'phoneNumber',
      nowrap: true,
      render: (u) => [formatPhone(u.phoneNumber), u.extension].filter(Boolean).join(' / '),
    },
    {
      key: 'roles',
      card: 'primary',
      header: t('users.columns.roles'),
      sortKey: 'roles',
      render: (user) => (
        <Group gap={4}>
          {roleChipLabels(user, (role, department) => t('users.roleChip', { role, department })).map((label) => (
            <Badge key={label} variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
              {label}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'advisor',
      header: t('users.columns.advisor'),
      sortKey: 'advisor',
      render: (u) => u.advisor?.fullName ?? '',
    },
  ];
  if (hasActions) {
    columns.push({
      key: 'actions',
      header: t('users.columns.actions'),
      width: 80,
      render: (user) => <UserActionsMenu user={user} actions={actions} />,
    });
  }

  return (
    <>
      <DataTable {...table} columns={columns} rowKey={(user) => user.id} />
      <ResetTwoFactorDialog target={twoFactorTarget} onClose={() => setTwoFactorTarget(null)} />
      <UserSessionsModal target={sessionsTarget} onClose={() => setSessionsTarget(null)} />
    </>
  );
}

function UserActionsMenu({ user, actions }: { user: UserListItemDto; actions: UserRowActions }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('users.actions.menu', { name: user.fullName })}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.onEdit && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.onEdit?.(user)}>
            {t('users.actions.edit')}
          </Menu.Item>
        )}
        {actions.onChangeStatus && !(user.isActive && user.id === actions.selfId) && (
          <Menu.Item
            leftSection={user.isActive ? <IconPlayerStop size={16} /> : <IconPlayerPlay size={16} />}
            c={user.isActive ? 'red' : undefined}
            onClick={() => actions.onChangeStatus?.(user)}
          >
            {user.isActive ? t('users.actions.deactivate') : t('users.actions.activate')}
          </Menu.Item>
        )}
        {actions.onResetPassword && (
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => actions.onResetPassword?.(user)}>
            {t('users.actions.resetPassword')}
          </Menu.Item>
        )}
        {actions.onResetTwoFactor && user.twoFactorEnabled && (
          <Menu.Item leftSection={<IconShieldOff size={16} />} onClick={() => actions.onResetTwoFactor?.(user)}>
            {t('users.actions.resetTwoFactor')}
          </Menu.Item>
        )}
        {actions.onShowSessions && (
          <Menu.Item leftSection={<IconDeviceDesktop size={16} />} onClick={() => actions.onShowSessions?.(user)}>
            {t('users.actions.sessions')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
