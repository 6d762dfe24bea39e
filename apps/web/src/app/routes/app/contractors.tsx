import {
  CONTRACTOR_TYPE,
  currentTaxYear,
  ROLE_NAME,
  taxYearOptions,
  type ContractorListItemDto,
} from '@ledgerport/shared';
import { Button, Select, Stack } from '@mantine/core';
import { IconBriefcase, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageAfterRemoval, useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import {
  contractorKeys,
  type ContractorsFilterQuery,
  type ContractorsListQuery,
} from '@/features/contractors/api/contractor-keys';
import { useContractors } from '@/features/contractors/api/get-contractors';
import { useSetContractorCompletion } from '@/features/contractors/api/set-completion';
import {
  ContractorFormModal,
  type ContractorFormTarget,
} from '@/features/contractors/components/contractor-form-modal';
import {
  ContractorsSearchPanel,
  type ContractorFiltersState,
} from '@/features/contractors/components/contractors-search-panel';
import { ContractorsTable } from '@/features/contractors/components/contractors-table';
import {
  DeleteContractorDialog,
  type ContractorTarget,
} from '@/features/contractors/components/delete-contractor-dialog';
import { ExportContractorsButton } from '@/features/contractors/components/export-contractors-button';
import { PayAndSubmit } from '@/features/contractors/components/pay-and-submit';
import { useAuthorization } from '@/lib/authorization';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/notify';

const NO_FILTERS: ContractorFiltersState = {};

const optionalBoolean = (value: string | undefined) =>
  value === 'true' ? true : value === 'false' ? false : undefined;

/** The URL's filters as the API takes them; client users' client and completion filters never apply. */
function toApiFilters(filters: ContractorFiltersState, year: number, isClient: boolean): ContractorsFilterQuery {
  const contractorType = Number(filters.contractorType);
  return {
    year,
    clientId: !isClient && filters.clientId ? Number(filters.clientId) : undefined,
    businessNameOrFullName: filters.businessNameOrFullName,
    contractorType:
      contractorType === CONTRACTOR_TYPE.business || contractorType === CONTRACTOR_TYPE.individual
        ? contractorType
        : undefined,
    isPaid: optionalBoolean(filters.isPaid),
    isCompleted: isClient ? undefined : optionalBoolean(filters.isCompleted),
  };
}

/** 1099 Form (spec 03 "Contractors page"): tax year, search, export, pay and submit, add, table and modals. */
export function ContractorsRoute() {
  const { t } = useTranslation();
  const { can, isClient } = useAuthorization();
  const { user } = useSession();
  // Spec 03 section 6: an employee must also be a tax employee to export (the API says the same).
  const mayExport =
    can('contractor:export') && !(user?.roles.includes(ROLE_NAME.employee) === true && !user.isTaxEmployee);
  const queryClient = useQueryClient();
  const list = useListParams<ContractorFiltersState>(NO_FILTERS);
  const [searchOpened, setSearchOpened] = useState(false);
  const [formTarget, setFormTarget] = useState<ContractorFormTarget | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<ContractorTarget | null>(null);
  const completion = useSetContractorCompletion();
  // Set in the click itself, so the controlled tick box never flips back while the save starts.
  const [toggling, setToggling] = useState<{ id: number; isCompleted: boolean } | null>(null);

  const currentYear = currentTaxYear();
  const year = Number(list.filters.year) || currentYear;
  // Pay, add, edit and delete only for the year the firm is filing now (spec 03 section 4).
  const isCurrentYear = year === currentYear;
  const filters = toApiFilters(list.filters, year, isClient);
  const query: ContractorsListQuery = {
    limit: list.pageSize,
    offset: (list.page - 1) * list.pageSize,
    ...list.sort,
    ...filters,
  };
  const contractors = useContractors(query);
  // The tax year is not a search: an empty year says "no items", not "no results".
  const isFiltered = Object.entries(list.filters).some(
    ([key, value]) => key !== 'year' && key !== 'clientLabel' && Boolean(value),
  );

  const reload = () => void queryClient.invalidateQueries({ queryKey: contractorKeys.lists() });

  const afterRemoval = () => {
    const previous = pageAfterRemoval(list.page, contractors.data?.items.length ?? 0);
    if (previous !== list.page) list.setPage(previous);
    reload();
  };

  const toggleCompleted = async (contractor: ContractorListItemDto, isCompleted: boolean) => {
    setToggling({ id: contractor.id, isCompleted });
    try {
      await completion.mutateAsync({ id: contractor.id, isCompleted });
    } catch {
      notify.error(t('contractors.messages.completeError'), { key: 'contractor-completion-failed' });
    } finally {
      setToggling(null);
    }
  };

  const canAdd = can('contractor:add') && isCurrentYear;
  const addButtons = (variant: 'filled' | 'light') =>
    canAdd ? (
      <>
        <Button
          variant={variant}
          leftSection={<IconBriefcase size={16} />}
          onClick={() => setFormTarget({ mode: 'add', contractorType: CONTRACTOR_TYPE.business })}
        >
          {t('contractors.actions.addBusiness')}
        </Button>
        <Button
          variant={variant}
          leftSection={<IconUser size={16} />}
          onClick={() => setFormTarget({ mode: 'add', contractorType: CONTRACTOR_TYPE.individual })}
        >
          {t('contractors.actions.addIndividual')}
        </Button>
      </>
    ) : undefined;

  const target = (contractor: ContractorListItemDto) => ({
    id: contractor.id,
    name: contractor.fullName,
    version: contractor.version,
  });
  const { sortedBy, sortedDesc } = list.sort;

  return (
    <Stack gap="md">
      <PageHeader title={t('nav.contractors')}>
        <Select
          aria-label={t('contractors.taxYear')}
          w={110}
          data={taxYearOptions().map(String)}
          value={String(year)}
          allowDeselect={false}
          onChange={(value) => value && list.setFilters({ ...list.filters, year: value })}
        />
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((value) => !value)} />
        {mayExport && <ExportContractorsButton query={{ sortedBy, sortedDesc, ...filters }} />}
        {isClient && can('contractor:pay') && isCurrentYear && (
          <PayAndSubmit list={contractors.data} onReload={reload} />
        )}
        {addButtons('filled')}
      </PageHeader>
      <ContractorsSearchPanel
        opened={searchOpened}
        filters={list.filters}
        isClient={isClient}
        onSearch={(next) => list.setFilters({ ...next, year: list.filters.year })}
        onClear={() => list.setFilters({ year: list.filters.year })}
      />
      <ContractorsTable
        label={t('nav.contractors')}
        rows={contractors.data?.items}
        totalCount={contractors.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sort={list.sort}
        onSortChange={list.setSort}
        isLoading={contractors.isFetching}
        isError={contractors.isError}
        onRetry={() => void contractors.refetch()}
        isFiltered={isFiltered}
        emptyAction={addButtons('light')}
        isClient={isClient}
        currentYear={currentYear}
        onToggleCompleted={
          can('contractor:complete-or-open')
            ? (contractor, isCompleted) => void toggleCompleted(contractor, isCompleted)
            : undefined
        }
        toggling={toggling}
        onEdit={
          can('contractor:edit') && isCurrentYear
            ? (contractor) =>
                setFormTarget({ mode: 'edit', contractorType: contractor.contractorType.id, id: contractor.id })
            : undefined
        }
        onDelete={
          can('contractor:delete') && isCurrentYear ? (contractor) => setDeleteTarget(target(contractor)) : undefined
        }
      />
      <ContractorFormModal target={formTarget} withClient={!isClient} onClose={() => setFormTarget(null)} />
      <DeleteContractorDialog target={deleteTarget} onClose={() => setDeleteTarget(null)} onDeleted={afterRemoval} />
    </Stack>
  );
}
