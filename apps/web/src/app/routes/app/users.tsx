import { ROLE_NAME, type UserListItemDto } from '@ledgerport/shared';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageAfterRemoval, useListParams } from '@/components/data-table/use-list-params';
import { PageHeader, SearchToggle } from '@/components/ui/page-header';
import { useUsers } from '@/features/users/api/get-users';
import { userKeys, type UsersListQuery } from '@/features/users/api/user-keys';
import { ExportUsersButton } from '@/features/users/components/export-users-button';
import { ResetPasswordModal, type ResetPasswordTarget } from '@/features/users/components/reset-password-modal';
import { UserFormModal, type UserFormTarget } from '@/features/users/components/user-form-modal';
import { UserStatusDialog, type UserStatusTarget } from '@/features/users/components/user-status-dialog';
import {
  DEFAULT_USER_FILTERS,
  STATUS_ALL,
  UsersSearchPanel,
  type UserFilters,
} from '@/features/users/components/users-search-panel';
import { UsersTable } from '@/features/users/components/users-table';
import { useAuthorization } from '@/lib/authorization';
import { useSession } from '@/lib/session';

/** The URL's filters as the API takes them: "all" statuses is no status filter at all. */
function toApiFilters(filters: UserFilters): Omit<UsersListQuery, 'limit' | 'offset'> {
  const number = (value: string | undefined) => (value ? Number(value) : undefined);
  return {
    firstName: filters.firstName,
    lastName: filters.lastName,
    emailAddress: filters.emailAddress,
    phoneNumber: filters.phoneNumber,
    roleId: number(filters.roleId),
    advisorId: number(filters.advisorId),
    departmentId: number(filters.departmentId),
    isActive: filters.isActive === 'true' ? true : filters.isActive === 'false' ? false : undefined,
    invitedByMe: filters.invitedByMe === 'true' ? true : undefined,
  };
}

/** Users (spec 01 sections 2.13, 4.7): search, export, create, edit, activate/deactivate, reset password. */
export function UsersRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const session = useSession();
  const queryClient = useQueryClient();
  const list = useListParams<UserFilters>(DEFAULT_USER_FILTERS);
  const [searchOpened, setSearchOpened] = useState(false);
  const [formTarget, setFormTarget] = useState<UserFormTarget>(null);
  const [statusTarget, setStatusTarget] = useState<UserStatusTarget | null>(null);
  const [resetTarget, setResetTarget] = useState<ResetPasswordTarget | null>(null);

  const filters = toApiFilters(list.filters);
  const query: UsersListQuery = {
    limit: list.pageSize,
    offset: (list.page - 1) * list.pageSize,
    ...list.sort,
    ...filters,
  };
  const users = useUsers(query);
  const isAdvisor = session.user?.roles.includes(ROLE_NAME.advisor) ?? false;

  /** Spec 01 section 4.7: the only row of a later page left the list, so show the page before it. */
  const afterStatusChange = () => {
    const rows = users.data?.items.length ?? 0;
    const previous = pageAfterRemoval(list.page, rows, list.filters.isActive === STATUS_ALL || !list.filters.isActive);
    if (previous !== list.page) list.setPage(previous);
    void queryClient.invalidateQueries({ queryKey: userKeys.all });
  };

  const open = {
    edit: (user: UserListItemDto) => setFormTarget({ mode: 'edit', userId: user.id }),
    status: (user: UserListItemDto) => setStatusTarget(user),
    reset: (user: UserListItemDto) => setResetTarget(user),
  };

  return (
    <Stack gap="md">
      <PageHeader title={t('nav.users')}>
        <SearchToggle opened={searchOpened} onToggle={() => setSearchOpened((value) => !value)} />
        {can('user:export') && <ExportUsersButton query={{ ...list.sort, ...filters }} />}
        {can('user:add') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setFormTarget({ mode: 'create' })}>
            {t('users.actions.create')}
          </Button>
        )}
      </PageHeader>
      <UsersSearchPanel
        opened={searchOpened}
        filters={list.filters}
        showInvitedByMe={isAdvisor}
        onSearch={(next) => list.setFilters(next)}
        onClear={list.resetFilters}
      />
      <UsersTable
        label={t('nav.users')}
        rows={users.data?.items}
        totalCount={users.data?.totalCount ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        sort={list.sort}
        onSortChange={list.setSort}
        isLoading={users.isFetching}
        isError={users.isError}
        onRetry={() => void users.refetch()}
        isFiltered={list.isFiltered}
        emptyAction={
          can('user:add') ? (
            <Button variant="light" onClick={() => setFormTarget({ mode: 'create' })}>
              {t('users.actions.create')}
            </Button>
          ) : undefined
        }
        actions={{
          selfId: session.user?.id,
          onEdit: can('user:edit') ? open.edit : undefined,
          onChangeStatus: can('user:change-status') ? open.status : undefined,
          onResetPassword: can('user:reset-password') ? open.reset : undefined,
        }}
      />
      <UserFormModal target={formTarget} onClose={() => setFormTarget(null)} />
      <UserStatusDialog target={statusTarget} onClose={() => setStatusTarget(null)} onChanged={afterStatusChange} />
      <ResetPasswordModal target={resetTarget} onClose={() => setResetTarget(null)} />
    </Stack>
  );
}
