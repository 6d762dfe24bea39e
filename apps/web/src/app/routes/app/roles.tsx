import type { RoleDto } from '@ledgerport/shared';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageAfterRemoval, useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import { useRoles } from '@/features/roles/api/get-roles';
import { DeleteRoleDialog } from '@/features/roles/components/delete-role-dialog';
import { RoleFormDialog } from '@/features/roles/components/role-form-dialog';
import { RolesSearchPanel, type RoleFilters } from '@/features/roles/components/roles-search-panel';
import { RolesTable } from '@/features/roles/components/roles-table';
import { useAuthorization } from '@/lib/authorization';

// A dialog keeps its subject while it closes, so its title does not change during the fade-out.
interface FormDialog {
  opened: boolean;
  roleId: number | null;
}

/** Roles (spec 01 sections 2.12, 4.7 and 5): roles are only created, edited and deleted. */
export function RolesRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const permissions = { add: can('role:add'), edit: can('role:edit'), delete: can('role:delete') };

  const list = useListParams<RoleFilters>({}, { sortedBy: 'name' });
  const { filters, isFiltered } = list;
  // Query keys compare by value, so a fresh object per render is fine.
  const roles = useRoles(list.query);

  const [searchOpened, setSearchOpened] = useState(isFiltered);
  const [formDialog, setFormDialog] = useState<FormDialog>({ opened: false, roleId: null });
  const [roleToDelete, setRoleToDelete] = useState<RoleDto | null>(null);

  const createButton = permissions.add && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setFormDialog({ opened: true, roleId: null })}>
      {t('roles.actions.create')}
    </Button>
  );

  const afterDelete = () => {
    const page = pageAfterRemoval(list.page, roles.data?.items.length ?? 0);
    if (page !== list.page) list.setPage(page);
  };

  return (
    <>
      <PageHeader title={t('roles.title')}>
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((opened) => !opened)} />
        {createButton}
      </PageHeader>
      <RolesSearchPanel
        opened={searchOpened}
        filters={filters}
        onSearch={(next) => list.setFilters(next)}
        onClear={list.resetFilters}
      />
      <RolesTable
        rows={roles.data?.items}
        totalCount={roles.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        sort={list.sort}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        onSortChange={list.setSort}
        isLoading={roles.isFetching}
        isError={roles.isError}
        onRetry={() => void roles.refetch()}
        isFiltered={isFiltered}
        emptyAction={createButton}
        permissions={permissions}
        onEdit={(role) => setFormDialog({ opened: true, roleId: role.id })}
        onDelete={setRoleToDelete}
      />
      <RoleFormDialog
        opened={formDialog.opened}
        roleId={formDialog.roleId}
        onClose={() => setFormDialog((dialog) => ({ ...dialog, opened: false }))}
      />
      <DeleteRoleDialog role={roleToDelete} onClose={() => setRoleToDelete(null)} onDeleted={afterDelete} />
    </>
  );
}
