import { EMPTY_VALUE, INVITATION_STATUS, type InvitationListItem } from '@ledgerport/shared';
import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type DataTableProps } from '@/components/data-table/data-table';

/** Spec 02 section 9. */
export const INVITATION_TIME_FORMAT = 'hh:mm, dddd, MMMM D, YYYY';

const STATUS_COLOR: Record<number, string> = {
  [INVITATION_STATUS.sent]: 'blue',
  [INVITATION_STATUS.received]: 'yellow',
  [INVITATION_STATUS.registered]: 'green',
};

/** Which columns the caller sees (spec 02, Invitations list); the server hides nothing beyond scope. */
export interface InvitationColumnsShown {
  sender: boolean;
  type: boolean;
  client: boolean;
}

type TableProps = Omit<DataTableProps<InvitationListItem>, 'columns' | 'rowKey'>;

export function InvitationsTable({ shown, ...table }: TableProps & { shown: InvitationColumnsShown }) {
  const { t } = useTranslation();
  const columns: Array<DataTableColumn<InvitationListItem> | false> = [
    shown.sender && {
      key: 'sender',
      header: t('invitations.list.columns.sender'),
      render: (row) => row.sender.fullName,
    },
    {
      key: 'recipient',
      card: 'title',
      header: t('invitations.list.columns.recipient'),
      sortKey: 'recipientEmailAddress',
      render: (row) => row.recipientEmailAddress,
    },
    shown.type && {
      key: 'type',
      header: t('invitations.list.columns.type'),
      sortKey: 'type',
      render: (row) => t(`invitations.list.type.${String(row.type) as '1' | '2'}`),
    },
    shown.client && {
      key: 'client',
      card: 'primary',
      header: t('invitations.list.columns.client'),
      render: (row) => row.client?.name ?? EMPTY_VALUE,
    },
    {
      key: 'creationTime',
      card: 'primary',
      header: t('invitations.list.columns.creationTime'),
      sortKey: 'creationTime',
      render: (row) => dayjs(row.creationTime).format(INVITATION_TIME_FORMAT),
    },
    {
      key: 'status',
      card: 'primary',
      header: t('invitations.list.columns.status'),
      sortKey: 'status',
      render: (row) => (
        <Badge variant="light" color={STATUS_COLOR[row.status]} radius="sm" tt="none">
          {t(`invitations.list.status.${String(row.status) as '1' | '2' | '3'}`)}
        </Badge>
      ),
    },
  ];
  return (
    <DataTable
      {...table}
      columns={columns.filter((column): column is DataTableColumn<InvitationListItem> => column !== false)}
      rowKey={(row) => row.id}
    />
  );
}
