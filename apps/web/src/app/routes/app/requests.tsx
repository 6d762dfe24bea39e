import type { ListRequestsFilters } from '@ledgerport/shared';
import { Button, Stack, Text } from '@mantine/core';
import { IconBellRinging, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import { useRequests } from '@/features/requests/api/get-requests';
import type { RequestsListQuery } from '@/features/requests/api/request-keys';
import { RemindDialog } from '@/features/requests/components/remind-dialog';
import { RequestFormModal } from '@/features/requests/components/request-form-modal';
import {
  ANY_STATUS,
  DEFAULT_REQUEST_FILTERS,
  RequestsSearchPanel,
  type RequestFiltersState,
} from '@/features/requests/components/requests-search-panel';
import { RequestsTable } from '@/features/requests/components/requests-table';
import { useAuthorization } from '@/lib/authorization';
import { useSession } from '@/lib/session';
import { href } from '../../routes-table';

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

function toApiFilters(filters: RequestFiltersState): Partial<ListRequestsFilters> {
  const status = Number(filters.status);
  return {
    search: filters.search,
    clientId: positiveId(filters.clientId),
    serviceId: positiveId(filters.serviceId),
    status: filters.status !== ANY_STATUS && (status === 1 || status === 2 || status === 3) ? status : undefined,
    dueFrom: filters.dueFrom,
    dueTo: filters.dueTo,
    overdue: filters.overdue === 'true' ? true : undefined,
    createdByUserId: positiveId(filters.createdByUserId),
  };
}

/**
 * Requests (issue 20): every client's requests for staff, soonest due first, open ones by default;
 * a client user sees their current client's (the API scopes the list either way).
 */
export function RequestsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can, isClient } = useAuthorization();
  const { user } = useSession();
  const list = useListParams<RequestFiltersState>(DEFAULT_REQUEST_FILTERS, { sortedBy: 'dueDate' });
  const [searchOpened, setSearchOpened] = useState(false);
  const [createOpened, setCreateOpened] = useState(false);

  const sort = list.sort as Pick<RequestsListQuery, 'sortedBy' | 'sortedDesc'>;
  const query: RequestsListQuery = {
    limit: list.pageSize,
    offset: (list.page - 1) * list.pageSize,
    ...sort,
    ...toApiFilters(list.filters),
  };
  const requests = useRequests(query);
  const canAdd = can('request:add');
  // "Remind selected" (e.g. every overdue request): staff who may edit requests.
  const canRemind = !isClient && can('request:edit');

  // Selection belongs to the page on screen: another page, sort or search starts with none.
  const queryKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ key: string; ids: Set<number> }>({ key: queryKey, ids: new Set() });
  const selectedIds = selection.key === queryKey ? selection.ids : new Set<number>();
  const selectedOnPage = (requests.data?.items ?? []).filter((row) => selectedIds.has(row.id)).map((row) => row.id);
  const [remindIds, setRemindIds] = useState<number[] | null>(null);

  const createButton = (variant: 'filled' | 'light') =>
    canAdd ? (
      <Button variant={variant} leftSection={<IconPlus size={16} />} onClick={() => setCreateOpened(true)}>
        {t('requests.actions.create')}
      </Button>
    ) : undefined;

  return (
    <Stack gap="md">
      <PageHeader title={t('nav.requests')}>
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((value) => !value)} />
        {canRemind && (
          <Button
            variant="default"
            leftSection={<IconBellRinging size={16} />}
            disabled={selectedOnPage.length === 0}
            onClick={() => setRemindIds(selectedOnPage)}
          >
            {t('requests.remind.selected')}
          </Button>
        )}
        {createButton('filled')}
      </PageHeader>
      <RequestsSearchPanel
        opened={searchOpened}
        filters={list.filters}
        onSearch={list.setFilters}
        onClear={list.resetFilters}
        withClient={!isClient}
        currentUserId={isClient ? null : (user?.id ?? null)}
      />
      {selectedOnPage.length > 0 && (
        <Text size="sm" aria-live="polite">
          {t('requests.remind.selectedCount', { count: selectedOnPage.length })}
        </Text>
      )}
      <RequestsTable
        label={t('nav.requests')}
        rows={requests.data?.items}
        totalCount={requests.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sort={list.sort}
        onSortChange={list.setSort}
        isLoading={requests.isFetching}
        isError={requests.isError}
        onRetry={() => void requests.refetch()}
        isFiltered={list.isFiltered}
        emptyAction={createButton('light')}
        detailsHref={(row) => href('Request', { id: row.id })}
        withClient={!isClient}
        withCreator={!isClient}
        selection={canRemind ? { selectedIds, onChange: (ids) => setSelection({ key: queryKey, ids }) } : undefined}
      />
      {canRemind && (
        <RemindDialog
          target={remindIds ? { ids: remindIds } : null}
          onClose={() => setRemindIds(null)}
          onReminded={() => setSelection({ key: queryKey, ids: new Set() })}
        />
      )}
      {canAdd && (
        <RequestFormModal
          opened={createOpened}
          onClose={() => setCreateOpened(false)}
          onSaved={(saved) => void navigate(href('Request', { id: saved.id }))}
        />
      )}
    </Stack>
  );
}
