import type { ConversationDto } from '@ledgerport/shared';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/ui/page-header';
import { useAuthorization } from '@/lib/authorization';
import { useConversations } from '../api/get-conversations';
import type { ConversationsQuery } from '../api/message-keys';
import type { MessageSearchHit } from '../api/search-messages';
import { AssignConversationDialog } from './assign-conversation-dialog';
import { ConversationList } from './conversation-list';
import { InboxFilters, type InboxFiltersState } from './inbox-filters';
import { MessageSearchBox, MessageSearchResults } from './message-search';
import { StartConversationModal } from './start-conversation-modal';
import { useConversationChanges } from './use-conversation-changes';

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

function toApiFilters(filters: InboxFiltersState): ConversationsQuery {
  return {
    assigned: filters.assigned === 'me' || filters.assigned === 'unassigned' ? filters.assigned : undefined,
    unread: filters.unread === 'true' ? true : undefined,
    clientId: positiveId(filters.clientId),
    status: filters.status === 'open' || filters.status === 'closed' ? filters.status : undefined,
  };
}

export interface InboxProps {
  title: string;
  conversationHref: (id: number) => string;
  /** Where a search hit opens: its conversation, at the message. */
  hitHref: (hit: MessageSearchHit) => string;
  onStarted: (conversation: ConversationDto) => void;
}

/**
 * Messages (issue 23): staff see the conversations of every client they can see, a client user their
 * current client's (the API scopes the list either way), newest activity first. Filters and a search
 * live in the URL like every list's.
 */
export function Inbox({ title, conversationHref, hitHref, onStarted }: InboxProps) {
  const { t } = useTranslation();
  const { can, isClient } = useAuthorization();
  const list = useListParams<InboxFiltersState>({});
  const [startOpened, setStartOpened] = useState(false);
  const [assigning, setAssigning] = useState<ConversationDto | null>(null);
  const changes = useConversationChanges();
  const q = list.filters.q?.trim() ?? '';
  const { q: _search, ...listFilters } = list.filters;

  const conversations = useConversations({
    limit: list.pageSize,
    offset: (list.page - 1) * list.pageSize,
    ...toApiFilters(list.filters),
  });
  const canStart = can('message:send');
  const canManage = !isClient && can('message:manage');

  const startButton = (variant: 'filled' | 'light') =>
    canStart ? (
      <Button variant={variant} leftSection={<IconPlus size={16} />} onClick={() => setStartOpened(true)}>
        {isClient ? t('messages.inbox.newMessage') : t('messages.inbox.newConversation')}
      </Button>
    ) : undefined;

  return (
    <Stack gap="md">
      <PageHeader title={title}>{startButton('filled')}</PageHeader>
      <MessageSearchBox value={q} onSearch={(next) => list.setFilters({ ...listFilters, q: next })} />
      {q ? (
        <MessageSearchResults q={q} withClient={!isClient} hitHref={hitHref} />
      ) : (
        <>
          <InboxFilters filters={listFilters} onChange={list.setFilters} withStaffFilters={!isClient} />
          <ConversationList
            rows={conversations.data?.items}
            totalCount={conversations.data?.totalCount ?? 0}
            page={list.page}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            isLoading={conversations.isFetching}
            isError={conversations.isError}
            onRetry={() => void conversations.refetch()}
            isFiltered={list.isFiltered}
            emptyAction={startButton('light')}
            withClient={!isClient}
            conversationHref={(conversation) => conversationHref(conversation.id)}
            actions={
              canManage
                ? { onAssign: setAssigning, onToggleStatus: (conversation) => void changes.toggleStatus(conversation) }
                : undefined
            }
          />
        </>
      )}
      {canManage && <AssignConversationDialog conversation={assigning} onClose={() => setAssigning(null)} />}
      {canStart && (
        <StartConversationModal
          opened={startOpened}
          withClient={!isClient}
          onClose={() => setStartOpened(false)}
          onStarted={onStarted}
        />
      )}
    </Stack>
  );
}
