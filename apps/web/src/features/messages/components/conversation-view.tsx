import type { ConversationDto } from '@ledgerport/shared';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '@/components/ui/page-title';
import { isApiError } from '@/lib/api-client';
import { useAuthorization } from '@/lib/authorization';
import { useSession } from '@/lib/session';
import { useConversation } from '../api/get-conversation';
import { messagesOldestFirst, useMessages } from '../api/get-messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { AssigneeSelect, UNASSIGNED } from './assignee-select';
import { ConversationStatusBadge } from './conversation-status-badge';
import { MessageComposer } from './message-composer';
import { MessageItem } from './message-item';
import { seenByNames } from './read-receipts';
import { useConversationChanges } from './use-conversation-changes';

export interface ConversationViewProps {
  id: number;
  /** The inbox to go back to. */
  listHref: string;
  /** A document's own page: where an attachment opens. */
  documentHref: (documentId: number) => string;
}

/** Close enough to the end that a new message should bring the view along. */
const NEAR_BOTTOM_PX = 120;

/**
 * One conversation (issue 23): its header, the messages oldest first with "Load earlier", read
 * receipts under the newest, and the composer at the bottom. The page fills the screen so the
 * composer stays in reach on a phone; the messages scroll between them.
 */
export function ConversationView({ id, listHref, documentHref }: ConversationViewProps) {
  const { t } = useTranslation();
  const conversation = useConversation(id);

  if (conversation.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (conversation.isError) {
    const missing = isApiError(conversation.error, 404);
    return (
      <Stack gap="md">
        <PageTitle>{t('pages.conversation')}</PageTitle>
        <Alert color={missing ? 'gray' : 'red'} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{missing ? t('messages.conversation.notFound') : t('common.messages.fetchError')}</Text>
            {missing ? (
              <Anchor component={Link} to={listHref} size="sm">
                {t('messages.conversation.backToList')}
              </Anchor>
            ) : (
              <Button size="xs" variant="light" onClick={() => void conversation.refetch()}>
                {t('errors.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <ConversationContent conversation={conversation.data} listHref={listHref} documentHref={documentHref} />;
}

function ConversationContent({
  conversation,
  listHref,
  documentHref,
}: {
  conversation: ConversationDto;
  listHref: string;
  documentHref: (documentId: number) => string;
}) {
  const { t } = useTranslation();
  const { can, isClient } = useAuthorization();
  const me = useSession().user?.id;
  const messages = useMessages(conversation.id);
  const list = messagesOldestFirst(messages.data);
  const newest = list.at(-1);
  const canManage = !isClient && can('message:manage');
  const changes = useConversationChanges();

  const scroller = useRef<HTMLDivElement>(null);
  const wasNearBottom = useRef(true);
  const restoreFromBottom = useRef<number | null>(null);
  const lastNewestId = useRef<number | undefined>(undefined);
  const { hash } = useLocation();
  const target = /^#message-(\d+)$/.exec(hash)?.[1];
  const targetId = target ? Number(target) : null;
  const [targetDone, setTargetDone] = useState(targetId === null);
  const [highlighted, setHighlighted] = useState<number | null>(null);

  const loadEarlier = () => {
    const element = scroller.current;
    // Keep the message in view where it is while the earlier ones are put above it.
    if (element) restoreFromBottom.current = element.scrollHeight - element.scrollTop;
    void messages.fetchNextPage();
  };

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || list.length === 0) return;
    if (restoreFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - restoreFromBottom.current;
      restoreFromBottom.current = null;
      return;
    }
    if (!targetDone) return;
    const arrived = newest?.id !== lastNewestId.current;
    const first = lastNewestId.current === undefined;
    lastNewestId.current = newest?.id;
    if (arrived && (first || wasNearBottom.current || newest?.author.userId === me)) {
      element.scrollTop = element.scrollHeight;
    }
  }, [list.length, newest?.id, newest?.author.userId, me, targetDone]);

  // A search result's message: load earlier pages until it is there, then bring it into view.
  useEffect(() => {
    if (targetDone || targetId === null || !messages.data) return;
    const element = document.getElementById(`message-${targetId}`);
    if (element) {
      element.scrollIntoView?.({ block: 'center' });
      element.focus({ preventScroll: true });
      setHighlighted(targetId);
      lastNewestId.current = newest?.id;
      setTargetDone(true);
      return;
    }
    const oldest = list[0]?.id;
    if (messages.hasNextPage && oldest !== undefined && oldest > targetId) {
      if (!messages.isFetchingNextPage) void messages.fetchNextPage();
      return;
    }
    setTargetDone(true);
  }, [targetDone, targetId, messages, list, newest?.id]);

  useMarkReadWhileOpen(conversation.id, newest?.id);

  const seenBy = seenByNames(conversation, newest, me);
  const closed = conversation.status === 'closed';

  return (
    <Stack
      gap="sm"
      style={{
        height: 'calc(100dvh - var(--app-shell-header-height, 60px) - 2 * var(--mantine-spacing-lg))',
        minHeight: 420,
      }}
    >
      <Anchor component={Link} to={listHref} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('messages.conversation.backToList')}
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 320px', minWidth: 0, overflowWrap: 'anywhere' }}>
          <PageTitle>{conversation.subject}</PageTitle>
          <Group gap="xs" wrap="wrap">
            <ConversationStatusBadge status={conversation.status} />
            {!isClient && (
              <Text size="sm" fw={500}>
                {conversation.clientName}
              </Text>
            )}
            {!canManage && (
              <Text size="sm" c="dimmed">
                {conversation.assignee
                  ? t('messages.inbox.assignedTo', { name: conversation.assignee.name })
                  : t('messages.inbox.unassigned')}
              </Text>
            )}
          </Group>
        </Stack>
        {canManage && (
          <Group gap="sm" align="flex-end" wrap="wrap">
            <AssigneeSelect
              key={`${conversation.assignee?.userId ?? UNASSIGNED}-${conversation.version}`}
              conversation={conversation}
              size="xs"
              w={220}
              value={conversation.assignee ? String(conversation.assignee.userId) : UNASSIGNED}
              disabled={changes.isPending}
              onChange={(value, name) =>
                void changes.assign(
                  conversation,
                  value === UNASSIGNED ? null : { userId: Number(value), name: name ?? value },
                )
              }
            />
            <Button
              variant="default"
              size="xs"
              leftSection={closed ? <IconLockOpen size={14} aria-hidden /> : <IconLock size={14} aria-hidden />}
              onClick={() => void changes.toggleStatus(conversation)}
              loading={changes.isPending}
            >
              {closed ? t('messages.actions.reopen') : t('messages.actions.close')}
            </Button>
          </Group>
        )}
      </Group>

      <Box
        ref={scroller}
        role="log"
        aria-label={t('messages.conversation.messages')}
        // A scrolling region of its own: a keyboard scrolls it only if it can take focus (WCAG 2.1.1;
        // axe's scrollable-region-focusable, met once a conversation outgrows the screen).
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          wasNearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
        }}
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
        pr={4}
      >
        <Stack gap="sm">
          {messages.hasNextPage && (
            <Group justify="center">
              <Button variant="subtle" size="xs" onClick={loadEarlier} loading={messages.isFetchingNextPage}>
                {t('messages.conversation.loadEarlier')}
              </Button>
            </Group>
          )}
          {messages.isPending && (
            <Center py="md">
              <Loader aria-label={t('app.loading')} />
            </Center>
          )}
          {messages.isError && (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between">
                <Text size="sm">{t('common.messages.fetchError')}</Text>
                <Button size="xs" variant="light" color="red" onClick={() => void messages.refetch()}>
                  {t('errors.retry')}
                </Button>
              </Group>
            </Alert>
          )}
          {list.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              own={message.author.userId !== null && message.author.userId === me}
              documentHref={documentHref}
              highlighted={highlighted === message.id}
              readerIsStaff={!isClient}
            />
          ))}
          {seenBy.length > 0 && (
            <Text size="xs" c="dimmed" ta="right">
              {t('messages.conversation.seenBy', { names: seenBy.join(', ') })}
            </Text>
          )}
        </Stack>
      </Box>

      {closed && (
        <Text size="sm" c="dimmed">
          {isClient ? t('messages.conversation.closedNoticeClient') : t('messages.conversation.closedNotice')}
        </Text>
      )}
      {can('message:send') && (
        <MessageComposer conversation={conversation} canNote={!isClient && can('message:note')} />
      )}
    </Stack>
  );
}

/**
 * Marks the conversation read when it opens and whenever a newer message shows while it stays open
 * and the tab is in view (a hidden tab marks on its return). Marks after the first are background
 * requests: a poll found the message, not the person.
 */
function useMarkReadWhileOpen(conversationId: number, newestId: number | undefined) {
  const markRead = useMarkConversationRead();
  const { mutate } = markRead;
  const marked = useRef<number | null>(null);
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');

  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  useEffect(() => {
    if (newestId === undefined || !visible) return;
    if (marked.current !== null && newestId <= marked.current) return;
    const background = marked.current !== null;
    marked.current = newestId;
    mutate({ id: conversationId, background });
  }, [conversationId, newestId, visible, mutate]);
}
