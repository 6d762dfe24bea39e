import type { RequestSchedule } from '@ledgerport/shared';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageAfterRemoval, useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/ui/page-header';
import { useRequestSchedules } from '@/features/requests/api/get-request-schedules';
import { DeleteRequestScheduleDialog } from '@/features/requests/schedules/delete-request-schedule-dialog';
import { RequestScheduleFormDialog } from '@/features/requests/schedules/request-schedule-form-dialog';
import { RequestSchedulesTable } from '@/features/requests/schedules/request-schedules-table';
import { useAuthorization } from '@/lib/authorization';

const NO_FILTERS = {};

// A dialog keeps its subject while it closes, so its title does not change during the fade-out.
interface FormDialog {
  opened: boolean;
  schedule: RequestSchedule | null;
}

/** Recurring requests (issue 20, docs/requests.md): a template sent every month to an audience. */
export function RequestSchedulesRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const permissions = {
    add: can('request-schedule:add'),
    edit: can('request-schedule:edit'),
    delete: can('request-schedule:delete'),
  };
  // The API lists them by name and takes no filter: paging is all the list params carry.
  const list = useListParams(NO_FILTERS);
  const schedules = useRequestSchedules({ limit: list.pageSize, offset: (list.page - 1) * list.pageSize });

  const [formDialog, setFormDialog] = useState<FormDialog>({ opened: false, schedule: null });
  const [toDelete, setToDelete] = useState<RequestSchedule | null>(null);

  const createButton = permissions.add && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setFormDialog({ opened: true, schedule: null })}>
      {t('requestTemplates.schedules.actions.create')}
    </Button>
  );

  const afterDelete = () => {
    const page = pageAfterRemoval(list.page, schedules.data?.items.length ?? 0);
    if (page !== list.page) list.setPage(page);
  };

  return (
    <>
      <PageHeader title={t('requestTemplates.schedules.title')}>{createButton}</PageHeader>
      <RequestSchedulesTable
        rows={schedules.data?.items}
        totalCount={schedules.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        isLoading={schedules.isFetching}
        isError={schedules.isError}
        onRetry={() => void schedules.refetch()}
        isFiltered={false}
        emptyAction={createButton}
        permissions={permissions}
        onEdit={(schedule) => setFormDialog({ opened: true, schedule })}
        onDelete={setToDelete}
      />
      <RequestScheduleFormDialog
        opened={formDialog.opened}
        schedule={formDialog.schedule}
        onClose={() => setFormDialog((dialog) => ({ ...dialog, opened: false }))}
      />
      <DeleteRequestScheduleDialog schedule={toDelete} onClose={() => setToDelete(null)} onDeleted={afterDelete} />
    </>
  );
}
