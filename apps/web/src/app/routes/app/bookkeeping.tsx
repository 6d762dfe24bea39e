import { Group, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import type { BookkeepingListQuery } from '@/features/bookkeeping/api/bookkeeping-keys';
import { useBookkeeping } from '@/features/bookkeeping/api/get-bookkeeping';
import { useSaveBookkeepingRow } from '@/features/bookkeeping/api/save-bookkeeping-row';
import { BookkeepingPeriodNav } from '@/features/bookkeeping/components/bookkeeping-period-nav';
import {
  BookkeepingSearchPanel,
  type BookkeepingFiltersState,
} from '@/features/bookkeeping/components/bookkeeping-search-panel';
import { BookkeepingTable } from '@/features/bookkeeping/components/bookkeeping-table';
import { CompletionChart } from '@/features/bookkeeping/components/charts/completion-chart';
import { currentPeriod, parsePeriod, type Period } from '@/features/bookkeeping/period';
import { useAuthorization } from '@/lib/authorization';

const toApiFilters = (filters: BookkeepingFiltersState, period: Period): BookkeepingListQuery => ({
  clientId: filters.clientId ? Number(filters.clientId) : undefined,
  advisorUserId: filters.advisorUserId ? Number(filters.advisorUserId) : undefined,
  isActiveClient: filters.isActiveClient === 'true' ? true : filters.isActiveClient === 'false' ? false : undefined,
  year: period.year,
  month: period.month,
});

/** Bookkeeping (spec 02 Bookkeeping list): one month of the tracker, its search and month arrows. */
export function BookkeepingRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const today = currentPeriod();
  // The current month is the default filter, so a reload keeps the month the arrows chose.
  const list = useListParams<BookkeepingFiltersState>({ year: String(today.year), month: String(today.month) });
  const [searchOpened, setSearchOpened] = useState(false);
  const period = parsePeriod(list.filters.year, list.filters.month);
  // The search form always shows the month on screen, also when the URL names only other filters.
  const shownFilters = useMemo(
    () => ({ ...list.filters, year: String(period.year), month: String(period.month) }),
    [list.filters, period.year, period.month],
  );
  const rows = useBookkeeping({
    limit: list.pageSize,
    offset: (list.page - 1) * list.pageSize,
    ...list.sort,
    ...toApiFilters(list.filters, period),
  });
  const save = useSaveBookkeepingRow();

  return (
    <Stack gap="md">
      <PageHeader title={t('nav.bookkeeping')}>
        <SearchToggle
          opened={searchOpened}
          onToggle={() => {
            setSearchOpened((value) => !value);
            // Spec 02: opening and closing the search refetches the list.
            void rows.refetch();
          }}
        />
      </PageHeader>
      <BookkeepingSearchPanel
        opened={searchOpened}
        filters={shownFilters}
        onSearch={(next) => {
          list.setFilters(next);
          void rows.refetch();
        }}
        onClear={list.resetFilters}
      />
      <Group justify="center">
        <BookkeepingPeriodNav
          period={period}
          onChange={(next) => list.setFilters({ ...shownFilters, year: String(next.year), month: String(next.month) })}
        />
      </Group>
      <BookkeepingTable
        label={t('nav.bookkeeping')}
        rows={rows.data?.items}
        totalCount={rows.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sort={list.sort}
        onSortChange={list.setSort}
        isLoading={rows.isFetching}
        isError={rows.isError}
        onRetry={() => void rows.refetch()}
        isFiltered={Boolean(list.filters.clientId || list.filters.advisorUserId || list.filters.isActiveClient)}
        canEdit={can('bookkeeping:edit')}
        onChange={(row, change) => save.mutate({ row, change })}
      />
      <CompletionChart filters={toApiFilters(list.filters, period)} />
    </Stack>
  );
}
