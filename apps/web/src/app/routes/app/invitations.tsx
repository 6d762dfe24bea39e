import { ROLE_NAME } from '@ledgerport/shared';
import { Button, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import { useInvitations } from '@/features/invitations/api/get-invitations';
import type { InvitationsListQuery } from '@/features/invitations/api/invitation-keys';
import {
  InvitationsSearchPanel,
  type InvitationFilters,
} from '@/features/invitations/components/invitations-search-panel';
import { InvitationsTable } from '@/features/invitations/components/invitations-table';
import { SendInvitationDialog } from '@/features/invitations/components/send-invitation-dialog';
import { useAuthorization } from '@/lib/authorization';
import { useSession } from '@/lib/session';

const NO_FILTERS: InvitationFilters = {};

/**
 * Invitations (spec 02, Invitations list). Admins see every column; advisors not the sender, type
 * and client; client users not the sender and type. Other staff granted the list see what admins see
 * apart from the admin-only filters, as the API gives them every invitation.
 */
export function InvitationsRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const session = useSession();
  const roles = session.user?.roles ?? [];
  const isAdmin = roles.includes(ROLE_NAME.admin);
  const isAdvisor = !isAdmin && roles.includes(ROLE_NAME.advisor);
  const isClient = !isAdmin && roles.includes(ROLE_NAME.client);
  const list = useListParams<InvitationFilters>(NO_FILTERS);
  const [searchOpened, setSearchOpened] = useState(false);
  const [sendOpened, setSendOpened] = useState(false);

  const number = (value: string | undefined) => (value ? Number(value) : undefined);
  const query: InvitationsListQuery = {
    limit: list.pageSize,
    offset: (list.page - 1) * list.pageSize,
    ...list.sort,
    recipientEmailAddress: list.filters.recipientEmailAddress,
    status: number(list.filters.status),
    type: isAdmin ? number(list.filters.type) : undefined,
    senderUserId: isAdmin ? number(list.filters.senderUserId) : undefined,
  };
  const invitations = useInvitations(query);
  const sendButton = can('invitation:send') ? (
    <Button leftSection={<IconSend size={16} />} onClick={() => setSendOpened(true)}>
      {t('invitations.list.sendInvitation')}
    </Button>
  ) : null;

  return (
    <Stack gap="md">
      <PageHeader title={t('invitations.list.title')}>
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((value) => !value)} />
        {sendButton}
      </PageHeader>
      <InvitationsSearchPanel
        opened={searchOpened}
        filters={list.filters}
        showAdminFilters={isAdmin}
        onSearch={(next) => list.setFilters(next)}
        onClear={list.resetFilters}
      />
      <InvitationsTable
        label={t('invitations.list.title')}
        shown={{ sender: !isAdvisor && !isClient, type: !isAdvisor && !isClient, client: !isAdvisor }}
        rows={invitations.data?.items}
        totalCount={invitations.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sort={list.sort}
        onSortChange={list.setSort}
        isLoading={invitations.isFetching}
        isError={invitations.isError}
        onRetry={() => void invitations.refetch()}
        isFiltered={list.isFiltered}
      />
      <SendInvitationDialog opened={sendOpened} onClose={() => setSendOpened(false)} />
    </Stack>
  );
}
