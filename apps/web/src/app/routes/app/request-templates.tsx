import type { RequestTemplateListItem } from '@ledgerport/shared';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@/app/routes-table';
import { pageAfterRemoval, useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import { useRequestTemplates } from '@/features/requests/api/get-request-templates';
import { DeleteRequestTemplateDialog } from '@/features/requests/templates/delete-request-template-dialog';
import { RequestTemplateFormDialog } from '@/features/requests/templates/request-template-form-dialog';
import {
  RequestTemplatesSearchPanel,
  type RequestTemplateFilters,
} from '@/features/requests/templates/request-templates-search-panel';
import { RequestTemplatesTable } from '@/features/requests/templates/request-templates-table';
import { useAuthorization } from '@/lib/authorization';

// A dialog keeps its subject while it closes, so its title does not change during the fade-out.
interface FormDialog {
  opened: boolean;
  templateId: number | null;
}

/** Request templates (issue 20, docs/requests.md): what the firm asks again and again. */
export function RequestTemplatesRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const permissions = {
    add: can('request-template:add'),
    edit: can('request-template:edit'),
    delete: can('request-template:delete'),
  };

  const list = useListParams<RequestTemplateFilters>({}, { sortedBy: 'name' });
  const { filters, isFiltered } = list;
  const templates = useRequestTemplates({
    ...list.query,
    sortedBy: list.query.sortedBy as 'name' | 'service' | 'dueOffsetDays' | undefined,
    serviceId: filters.serviceId ? Number(filters.serviceId) : undefined,
  });

  const [searchOpened, setSearchOpened] = useState(isFiltered);
  const [formDialog, setFormDialog] = useState<FormDialog>({ opened: false, templateId: null });
  const [toDelete, setToDelete] = useState<RequestTemplateListItem | null>(null);

  const createButton = permissions.add && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setFormDialog({ opened: true, templateId: null })}>
      {t('requestTemplates.templates.actions.create')}
    </Button>
  );

  const afterDelete = () => {
    const page = pageAfterRemoval(list.page, templates.data?.items.length ?? 0);
    if (page !== list.page) list.setPage(page);
  };

  return (
    <>
      <PageHeader title={t('requestTemplates.templates.title')}>
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((opened) => !opened)} />
        {createButton}
      </PageHeader>
      <RequestTemplatesSearchPanel
        opened={searchOpened}
        filters={filters}
        onSearch={(next) => list.setFilters(next)}
        onClear={list.resetFilters}
      />
      <RequestTemplatesTable
        rows={templates.data?.items}
        totalCount={templates.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        sort={list.sort}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        onSortChange={list.setSort}
        isLoading={templates.isFetching}
        isError={templates.isError}
        onRetry={() => void templates.refetch()}
        isFiltered={isFiltered}
        emptyAction={createButton}
        permissions={permissions}
        onEdit={(template) => setFormDialog({ opened: true, templateId: template.id })}
        onDelete={setToDelete}
      />
      <RequestTemplateFormDialog
        opened={formDialog.opened}
        templateId={formDialog.templateId}
        onClose={() => setFormDialog((dialog) => ({ ...dialog, opened: false }))}
      />
      <DeleteRequestTemplateDialog
        template={toDelete}
        schedulesPath={can('request-schedule:list') ? ROUTES.RequestSchedules.path : undefined}
        onClose={() => setToDelete(null)}
        onDeleted={afterDelete}
      />
    </>
  );
}
