import type { MailMessageDto } from '@ledgerport/shared';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import { useMailMessages } from '@/features/mail/api/get-mail-messages';
import { MailMessageDrawer } from '@/features/mail/components/mail-message-drawer';
import { MailMessagesTable } from '@/features/mail/components/mail-messages-table';
import { MailSearchPanel } from '@/features/mail/components/mail-search-panel';
import { ResendMailDialog } from '@/features/mail/components/resend-mail-dialog';
import { DEFAULT_MAIL_FILTERS, toApiFilters, type MailFilters } from '@/features/mail/lib/filters';
import { useAuthorization } from '@/lib/authorization';

/**
 * Administration > Mail (issue 17): every outgoing message's delivery, "Send again" for a failed
 * one, and outside production the message itself, so invitation and reset links can be followed
 * on a machine without a mail server.
 */
export function MailRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const list = useListParams<MailFilters>(DEFAULT_MAIL_FILTERS);
  const [searchOpened, setSearchOpened] = useState(list.isFiltered);
  const [opened, setOpened] = useState<MailMessageDto | null>(null);
  const [resending, setResending] = useState<MailMessageDto | null>(null);

  const filters = toApiFilters(list.filters);
  const messages = useMailMessages({ limit: list.pageSize, offset: (list.page - 1) * list.pageSize, ...filters });

  return (
    <Stack gap="md">
      <PageHeader title={t('nav.mail')}>
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((value) => !value)} />
      </PageHeader>
      <MailSearchPanel
        opened={searchOpened}
        filters={list.filters}
        onSearch={(next) => list.setFilters(next)}
        onClear={list.resetFilters}
      />
      <MailMessagesTable
        rows={messages.data?.items}
        totalCount={messages.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        isLoading={messages.isFetching}
        isError={messages.isError}
        onRetry={() => void messages.refetch()}
        isFiltered={list.isFiltered}
        selectedId={opened?.id ?? null}
        onOpen={setOpened}
        onResend={can('mail:resend') ? setResending : undefined}
      />
      <MailMessageDrawer message={opened} onClose={() => setOpened(null)} />
      <ResendMailDialog target={resending} onClose={() => setResending(null)} />
    </Stack>
  );
}
