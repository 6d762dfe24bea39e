import { CLIENT_TYPE, type ClientListItemDto, formatPhone } from '@ledgerport/shared';
import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import {
  IconBriefcase,
  IconDotsVertical,
  IconInfoCircle,
  IconPencil,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';
import { StatusDot } from '@/components/ui/status-dot';

export interface ClientRowActions {
  /** The Edit client route of this client; absent without client:edit. */
  editHref?: (client: ClientListItemDto) => string;
  onDetails?: (client: ClientListItemDto) => void;
  onChangeStatus?: (client: ClientListItemDto) => void;
  onDelete?: (client: ClientListItemDto) => void;
}

type TableProps = Omit<DataTableProps<ClientListItemDto>, 'columns' | 'rowKey'>;

/** The Clients list (spec 02, Clients list); the actions menu shows only what the caller may do. */
export function ClientsTable({ actions, ...table }: TableProps & { actions: ClientRowActions }) {
  const { t } = useTranslation();
  const hasActions = Boolean(actions.editHref || actions.onDetails || actions.onChangeStatus || actions.onDelete);

  const columns: DataTableColumn<ClientListItemDto>[] = [
    {
      key: 'name',
      card: 'title',
      header: t('clients.columns.name'),
      sortKey: 'name',
      render: (client) => {
        const business = client.clientType === CLIENT_TYPE.business;
        const typeLabel = business ? t('clients.type.business') : t('clients.type.personal');
        const Icon = business ? IconBriefcase : IconUser;
        return (
          <StatusDot active={client.isActive}>
            <Icon size={16} role="img" aria-label={typeLabel} style={{ flexShrink: 0 }}>
              <title>{typeLabel}</title>
            </Icon>
            <Text size="sm" fw={500}>
              {client.name}
            </Text>
          </StatusDot>
        );
      },
    },
    {
      key: 'phoneNumber',
      header: t('clients.columns.phoneNumber'),
      sortKey: 'phoneNumber',
      nowrap: true,
      render: (c) => formatPhone(c.phoneNumber),
    },
    {
      key: 'emailAddress',
      card: 'primary',
      header: t('clients.columns.emailAddress'),
      sortKey: 'emailAddress',
      render: (c) => c.emailAddress ?? '',
    },
    {
      key: 'owner',
      card: 'primary',
      header: t('clients.columns.owner'),
      sortKey: 'owner',
      render: (c) => c.owner.fullName,
    },
    {
      key: 'advisor',
      header: t('clients.columns.advisor'),
      sortKey: 'advisor',
      render: (c) =>
        c.advisor?.fullName ?? (
          <Text size="sm" c="dimmed" fs="italic">
            {t('clients.noAdvisor')}
          </Text>
        ),
    },
    {
      key: 'services',
      card: 'primary',
      header: t('clients.columns.services'),
      render: (client) => (
        <Group gap={4}>
          {client.services.map((service) => (
            <Badge
              key={service.id}
              radius="sm"
              tt="none"
              // The theme's variant resolver darkens a service's colour until white reads on it (4.5:1).
              color={service.color}
              style={{ flexShrink: 0 }}
            >
              {service.displayName}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];
  if (hasActions) {
    columns.push({
      key: 'actions',
      header: t('clients.columns.actions'),
      width: 80,
      render: (client) => <ClientActionsMenu client={client} actions={actions} />,
    });
  }

  return <DataTable {...table} columns={columns} rowKey={(client) => client.id} />;
}

function ClientActionsMenu({ client, actions }: { client: ClientListItemDto; actions: ClientRowActions }) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('clients.actions.menu', { name: client.name })}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.editHref && (
          <Menu.Item component={Link} to={actions.editHref(client)} leftSection={<IconPencil size={16} />}>
            {t('clients.actions.edit')}
          </Menu.Item>
        )}
        {actions.onDetails && (
          <Menu.Item leftSection={<IconInfoCircle size={16} />} onClick={() => actions.onDetails?.(client)}>
            {t('clients.actions.details')}
          </Menu.Item>
        )}
        {actions.onChangeStatus && (
          <Menu.Item
            leftSection={client.isActive ? <IconPlayerStop size={16} /> : <IconPlayerPlay size={16} />}
            onClick={() => actions.onChangeStatus?.(client)}
          >
            {client.isActive ? t('clients.actions.deactivate') : t('clients.actions.activate')}
          </Menu.Item>
        )}
        {actions.onDelete && (
          <Menu.Item c="red" leftSection={<IconTrash size={16} />} onClick={() => actions.onDelete?.(client)}>
            {t('clients.actions.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
