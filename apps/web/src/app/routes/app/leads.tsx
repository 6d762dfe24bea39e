import type { ListLeadsQuery } from '@ledgerport/shared';
import { Button, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listedVersions } from '@/lib/conflicts';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import type { LeadsFilterQuery, LeadsListQuery } from '@/features/leads/api/lead-keys';
import { useLeads } from '@/features/leads/api/get-leads';
import { DeleteLeadsDialog } from '@/features/leads/components/delete-leads-dialog';
import { ExportLeadsButton } from '@/features/leads/components/export-leads-button';
import {
  LeadsSearchPanel,
  DEFAULT_LEAD_FILTERS,
  type LeadFiltersState,
} from '@/features/leads/components/leads-search-panel';
import { LeadsTable } from '@/features/leads/components/leads-table';
import { useAuthorization } from '@/lib/authorization';
import { href } from '../../routes-table';

function toApiFilters(filters: LeadFiltersState): LeadsFilterQuery {
  const statusId = Number(filters.statusId);
  return {
    legalCompanyName: filters.legalCompanyName,
    contactFullName: filters.contactFullName,
    contactEmailAddress: filters.contactEmailAddress,
    contactPhoneNumber: filters.contactPhoneNumber,
    statusId: Number.isInteger(statusId) && statusId > 0 ? statusId : undefined,
    creationTimeFrom: filters.creationTimeFrom,
    creationTimeTo: filters.creationTimeTo,
  };
}

/** Leads (spec 02, Leads list): search, delete of selected rows, export, view → Lead details. */
export function LeadsRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const list = useListParams<LeadFiltersState>(DEFAULT_LEAD_FILTERS);
  const [searchOpened, setSearchOpened] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deleteIds, setDeleteIds] = useState<number[] | null>(null);

  const filters = toApiFilters(list.filters);
  const sort = list.sort as Pick<ListLeadsQuery, 'sortedBy' | 'sortedDesc'>;
  const query: LeadsListQuery = {
    limit: list.pageSize,
    offset: (list.page - 1) * list.pageSize,
    ...sort,
    ...filters,
  };
  const leads = useLeads(query);
  const canDelete = can('lead:delete');

  return (
    <Stack gap="md">
      <PageHeader title={t('nav.leads')}>
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((value) => !value)} />
        {canDelete && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={selected.size === 0}
            onClick={() => setDeleteIds([...selected])}
          >
            {t('leads.actions.delete')}
          </Button>
        )}
        {can('lead:export') && <ExportLeadsButton query={{ ...sort, ...filters }} />}
      </PageHeader>
      <LeadsSearchPanel
        opened={searchOpened}
        filters={list.filters}
        onSearch={(next) => {
          setSelected(new Set());
          list.setFilters(next);
        }}
        onClear={() => {
          setSelected(new Set());
          list.resetFilters();
        }}
      />
      <LeadsTable
        label={t('nav.leads')}
        rows={leads.data?.items}
        totalCount={leads.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sort={list.sort}
        onSortChange={list.setSort}
        isLoading={leads.isFetching}
        isError={leads.isError}
        onRetry={() => void leads.refetch()}
        isFiltered={list.isFiltered}
        selectable={canDelete}
        selectedIds={selected}
        onSelectionChange={setSelected}
        detailsHref={(lead) => href('LeadDetails', { id: lead.id })}
      />
      <DeleteLeadsDialog
        leadIds={deleteIds}
        versions={listedVersions(deleteIds, leads.data?.items)}
        onClose={() => setDeleteIds(null)}
        onDeleted={() => {
          // Every row of a later page went: show the page before it (spec 01 section 4.7).
          const rowsOnPage = leads.data?.items.length ?? 0;
          if (list.page > 1 && (deleteIds?.length ?? 0) >= rowsOnPage) list.setPage(list.page - 1);
          setSelected(new Set());
          setDeleteIds(null);
        }}
      />
    </Stack>
  );
}
