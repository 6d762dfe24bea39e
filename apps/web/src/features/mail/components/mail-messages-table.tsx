import type { MailMessageDto } from '@ledgerport/shared';
import { Anchor, Button, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { formatDate } from '@/lib/dates';
import { MailStatusBadge } from './mail-status-badge';

export const MAIL_TIME_FORMAT = 'MMM D, YYYY HH:mm:ss';

export interface MailMessagesTableProps {
  rows: MailMessageDto[] | undefined;
  totalCount: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  isFiltered: boolean;
  selectedId: number | null;
  onOpen: (message: MailMessageDto) => void;
  /** Set when the user holds mail:resend: failed messages get "Send again". */
  onResend?: (message: MailMessageDto) => void;
}

/** Newest first: staff come here to ask "did the invitation go out?" about something recent. */
export function MailMessagesTable(props: MailMessagesTableProps) {
  const { t } = useTranslation();
  const { onResend } = props;
  const columns: DataTableColumn<MailMessageDto>[] = [
    {
      key: 'queuedAt',
      card: 'primary',
      header: t('mail.columns.queuedAt'),
      render: (message) => {
        const time = formatDate(message.queuedAt, MAIL_TIME_FORMAT);
        return (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => props.onOpen(message)}
            aria-label={t('mail.actions.details', { recipient: message.recipient, time })}
            style={{ whiteSpace: 'nowrap' }}
          >
            {time}
          </Anchor>
        );
      },
    },
    {
      key: 'recipient',
      card: 'primary',
      header: t('mail.columns.recipient'),
      render: (message) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {message.recipient}
        </Text>
      ),
    },
    { key: 'subject', card: 'title', header: t('mail.columns.subject'), render: (message) => message.subject },
    { key: 'kind', header: t('mail.columns.kind'), render: (message) => t(`mail.kind.${message.kind}`) },
    {
      key: 'status',
      card: 'primary',
      header: t('mail.columns.status'),
      render: (message) => <MailStatusBadge status={message.status} />,
    },
    { key: 'attempts', header: t('mail.columns.attempts'), render: (message) => message.attempts },
    {
      key: 'lastError',
      header: t('mail.columns.lastError'),
      render: (message) =>
        message.lastError ? (
          <Text size="sm" c="red.8" lineClamp={2} title={message.lastError}>
            {message.lastError}
          </Text>
        ) : (
          ''
        ),
    },
    ...(onResend
      ? [
          {
            key: 'actions',
            header: t('mail.columns.actions'),
            render: (message: MailMessageDto) =>
              message.status === 'failed' ? (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconSend size={14} aria-hidden />}
                  onClick={() => onResend(message)}
                  aria-label={t('mail.actions.resendLabel', { recipient: message.recipient })}
                >
                  {t('mail.actions.resend')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label={t('mail.tableLabel')}
      columns={columns}
      rows={props.rows}
      rowKey={(message) => message.id}
      totalCount={props.totalCount}
      page={props.page}
      pageSize={props.pageSize}
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
      isLoading={props.isLoading}
      isError={props.isError}
      onRetry={props.onRetry}
      isFiltered={props.isFiltered}
      selectedKey={props.selectedId}
    />
  );
}
