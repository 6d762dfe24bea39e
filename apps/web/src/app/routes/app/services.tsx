import type { ServiceDto } from '@ledgerport/shared';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageAfterRemoval, useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import { useServices } from '@/features/services/api/get-services';
import { DeleteServiceDialog, ServiceStatusDialog } from '@/features/services/components/service-confirm-dialogs';
import { ServiceFormDialog } from '@/features/services/components/service-form-dialog';
import {
  ALL_STATUSES,
  ServicesSearchPanel,
  type ServiceFilters,
} from '@/features/services/components/services-search-panel';
import { ServicesTable } from '@/features/services/components/services-table';
import { useAuthorization } from '@/lib/authorization';

// A dialog keeps its subject while it closes, so its title does not change during the fade-out.
interface FormDialog {
  opened: boolean;
  serviceId: number | null;
}

/** Services (spec 01 sections 2.15, 4.7 and 5). The list shows active services unless told otherwise. */
export function ServicesRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const permissions = {
    add: can('service:add'),
    edit: can('service:edit'),
    delete: can('service:delete'),
    changeStatus: can('service:change-status'),
  };

  const list = useListParams<ServiceFilters>({ isActive: 'true' }, { sortedBy: 'name' });
  const { filters, isFiltered } = list;
  const showsAll = filters.isActive === ALL_STATUSES;
  // "All" is the absence of the filter for the API; query keys compare by value, so a fresh object is fine.
  const services = useServices({
    ...list.query,
    departmentId: filters.departmentId ? Number(filters.departmentId) : undefined,
    isActive: showsAll || filters.isActive === undefined ? undefined : filters.isActive === 'true',
  });

  const [searchOpened, setSearchOpened] = useState(isFiltered);
  const [formDialog, setFormDialog] = useState<FormDialog>({ opened: false, serviceId: null });
  const [serviceToDelete, setServiceToDelete] = useState<ServiceDto | null>(null);
  const [serviceToSwitch, setServiceToSwitch] = useState<ServiceDto | null>(null);

  const createButton = permissions.add && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setFormDialog({ opened: true, serviceId: null })}>
      {t('services.actions.create')}
    </Button>
  );

  // Spec 01 section 4.7: when the only row of a later page leaves the list, show the page before.
  const afterRemoval = (rowStaysVisible: boolean) => {
    const page = pageAfterRemoval(list.page, services.data?.items.length ?? 0, rowStaysVisible);
    if (page !== list.page) list.setPage(page);
  };

  return (
    <>
      <PageHeader title={t('services.title')}>
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((opened) => !opened)} />
        {createButton}
      </PageHeader>
      <ServicesSearchPanel
        opened={searchOpened}
        filters={filters}
        onSearch={(next) => list.setFilters(next)}
        onClear={list.resetFilters}
      />
      <ServicesTable
        rows={services.data?.items}
        totalCount={services.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        sort={list.sort}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        onSortChange={list.setSort}
        isLoading={services.isFetching}
        isError={services.isError}
        onRetry={() => void services.refetch()}
        isFiltered={isFiltered}
        emptyAction={createButton}
        permissions={permissions}
        onEdit={(service) => setFormDialog({ opened: true, serviceId: service.id })}
        onChangeStatus={setServiceToSwitch}
        onDelete={setServiceToDelete}
      />
      <ServiceFormDialog
        opened={formDialog.opened}
        serviceId={formDialog.serviceId}
        onClose={() => setFormDialog((dialog) => ({ ...dialog, opened: false }))}
      />
      <ServiceStatusDialog
        service={serviceToSwitch}
        onClose={() => setServiceToSwitch(null)}
        onDone={() => afterRemoval(showsAll)}
      />
      <DeleteServiceDialog
        service={serviceToDelete}
        onClose={() => setServiceToDelete(null)}
        onDone={() => afterRemoval(false)}
      />
    </>
  );
}
