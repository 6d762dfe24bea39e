import { type ConversationDto } from '@ledgerport/shared';
import { ActionIcon, Anchor, Badge, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconDots, IconLock, IconLockOpen, IconUserCheck } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConversationStatusBadge } from './conversation-status-badge';
import { TimeAgo } from './time-ago';
import { ListPager } from '@/components/data-table/list-pager';
import { ListState } from '@/components/data-table/list-state';

export interface ConversationListProps {
  rows: ConversationDto[] | undefined;
  totalCount: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** A filter is on: the no-results text instead of the empty one. */
  isFiltered: boolean;
  /** Under the empty text when nothing is filtered (the New conversation button). */
  emptyAction?: ReactNode;
  /** Staff see whose conversation it is; a client user's are all their current client's. */
  withClient: boolean;
  conversationHref: (conversation: ConversationDto) => string;
  /** Assign, close and reopen (message:manage). */
  actions?: {
    onAssign: (conversation: ConversationDto) => void;
    onToggleStatus: (conversation: ConversationDto) => void;
  };
}

/**
 * The inbox: one card per conversation, which reads the same at 1440 px and at 390 px (a table's
 * seven columns would scroll sideways on a phone). Paging as every list: rows per page and "1-10 of N".
 */
export function ConversationList(props: ConversationListProps) {
  const { t } = useTranslation();
  const { rows, totalCount, page, pageSize } = props;
  const loadingFirst = props.isLoading && !rows;

  const empty = !rows || rows.length === 0;
  const body =
    props.isError || loadingFirst || empty ? (
      <ListState
        isError={props.isError}
        onRetry={props.onRetry}
        loadingFirst={loadingFirst}
        empty={empty}
        isFiltered={props.isFiltered}
        emptyHint={props.withClient ? t('messages.inbox.emptyStaff') : t('messages.inbox.empty')}
        emptyAction={props.emptyAction}
      />
    ) : (
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('messages.inbox.label')}
        aria-busy={props.isLoading}
      >
        {rows.map((conversation) => (
          <ConversationCard
            key={conversation.id}
            conversation={conversation}
            href={props.conversationHref(conversation)}
            withClient={props.withClient}
            actions={props.actions}
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap="sm">
      {body}
      <ListPager
        page={page}
        pageSize={pageSize}
        totalCount={totalCount}
        loadingFirst={loadingFirst}
        onPageChange={props.onPageChange}
        onPageSizeChange={props.onPageSizeChange}
      />
    </Stack>
  );
}

function ConversationCard({
  conversation,
  href,
  withClient,
  actions,
}: {
  conversation: ConversationDto;
  href: string;
  withClient: boolean;
  actions: ConversationListProps['actions'];
}) {
  const { t } = useTranslation();
  const subjectId = useId();
  const unread = conversation.unreadCount > 0;
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      aria-labelledby={subjectId}
      style={unread ? { borderLeft: '4px solid var(--mantine-primary-color-filled)' } : { borderLeftWidth: 4 }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Anchor
              component={Link}
              to={href}
              id={subjectId}
              fw={unread ? 700 : 500}
              c="var(--mantine-color-text)"
              style={{ overflowWrap: 'anywhere' }}
            >
              {conversation.subject}
            </Anchor>
            {unread && (
              <Badge color="red" size="sm">
                {t('messages.inbox.unread', { count: conversation.unreadCount })}
              </Badge>
            )}
            <ConversationStatusBadge status={conversation.status} />
          </Group>
          {withClient && (
            <Text size="sm" fw={500}>
              {conversation.clientName}
            </Text>
          )}
          <Text size="sm" c={conversation.lastMessagePreview ? undefined : 'dimmed'} lineClamp={2}>
            {conversation.lastMessagePreview ?? t('messages.inbox.noMessages')}
          </Text>
          <Group gap="xs" wrap="wrap">
            <TimeAgo value={conversation.lastActivityAt} size="xs" />
            <Text size="xs" c="dimmed" aria-hidden>
              ·
            </Text>
            <Text size="xs" c="dimmed">
              {conversation.assignee
                ? t('messages.inbox.assignedTo', { name: conversation.assignee.name })
                : t('messages.inbox.unassigned')}
            </Text>
          </Group>
        </Stack>
        {actions && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                aria-label={t('messages.inbox.actionsFor', { subject: conversation.subject })}
              >
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={() => actions.onAssign(conversation)}>
                {t('messages.actions.assign')}
              </Menu.Item>
              <Menu.Item
                leftSection={conversation.status === 'open' ? <IconLock size={16} /> : <IconLockOpen size={16} />}
                onClick={() => actions.onToggleStatus(conversation)}
              >
                {conversation.status === 'open' ? t('messages.actions.close') : t('messages.actions.reopen')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
}
