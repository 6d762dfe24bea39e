import type { AuditEventDto } from '@ledgerport/shared';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import { useAuditEvents } from '@/features/audit-log/api/get-audit-events';
import { AuditEventDrawer } from '@/features/audit-log/components/audit-event-drawer';
import { AuditEventsTable } from '@/features/audit-log/components/audit-events-table';
import { AuditLogSearchPanel } from '@/features/audit-log/components/audit-log-search-panel';
import { ExportAuditButton } from '@/features/audit-log/components/export-audit-button';
import { DEFAULT_AUDIT_LOG_FILTERS, toApiFilters, type AuditLogFilters } from '@/features/audit-log/lib/filters';
import { useAuthorization } from '@/lib/authorization';

/** The audit log (issue 11 item 3): who did what, when and from where; filtered, exported, read in detail. */
export function AuditLogRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const list = useListParams<AuditLogFilters>(DEFAULT_AUDIT_LOG_FILTERS);
  const [searchOpened, setSearchOpened] = useState(list.isFiltered);
  const [opened, setOpened] = useState<AuditEventDto | null>(null);

  const filters = toApiFilters(list.filters);
  const events = useAuditEvents({ limit: list.pageSize, offset: (list.page - 1) * list.pageSize, ...filters });

  return (
    <Stack gap="md">
      <PageHeader title={t('nav.auditLog')}>
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((value) => !value)} />
        {can('audit:export') && <ExportAuditButton query={filters} />}
      </PageHeader>
      <AuditLogSearchPanel
        opened={searchOpened}
        filters={list.filters}
        onSearch={(next) => list.setFilters(next)}
        onClear={list.resetFilters}
      />
      <AuditEventsTable
        rows={events.data?.items}
        totalCount={events.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        isLoading={events.isFetching}
        isError={events.isError}
        onRetry={() => void events.refetch()}
        isFiltered={list.isFiltered}
        selectedId={opened?.id ?? null}
        onOpen={setOpened}
      />
      <AuditEventDrawer event={opened} onClose={() => setOpened(null)} />
    </Stack>
  );
}
