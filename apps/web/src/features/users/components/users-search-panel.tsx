import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel } from '@/components/ui/search-panel';
import { useAdvisors } from '@/lib/reference-data/get-advisors';
import { useDepartments } from '@/lib/reference-data/get-departments';
import { toSelectData } from '@/lib/reference-data/select-data';
import { useRoleOptions } from '../api/get-role-options';
import { useFetchErrorNotice } from '../lib/use-fetch-error-notice';

/** The Users screen's filters as they sit in the URL; isActive is 'true', 'false' or 'all'. */
export interface UserFilters extends Record<string, string | undefined> {
  firstName?: string;
  lastName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  roleId?: string;
  advisorId?: string;
  departmentId?: string;
  isActive?: string;
  invitedByMe?: string;
}

export const STATUS_ALL = 'all';
/** Spec 01 section 4.7: the list starts with active users only. */
export const DEFAULT_USER_FILTERS: UserFilters = { isActive: 'true' };

const TEXT_FIELDS = ['firstName', 'lastName', 'emailAddress', 'phoneNumber'] as const;

/**
 * The search fields of spec 01 section 2.13. They edit a draft; Search applies it (and the list goes
 * back to page 1), Clear restores the defaults. Advisors also get "Invited by me".
 */
export function UsersSearchPanel({
  opened,
  filters,
  showInvitedByMe,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: UserFilters;
  showInvitedByMe: boolean;
  onSearch: (filters: UserFilters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<UserFilters>(filters);
  const [applied, setApplied] = useState(filters);
  // The URL changed from elsewhere (Clear, back button): the fields show what is applied.
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }
  const roles = useRoleOptions();
  const advisors = useAdvisors({ enabled: opened, select: toSelectData });
  const departments = useDepartments({ enabled: opened, select: toSelectData });
  useFetchErrorNotice(roles.isError || advisors.isError || departments.isError);
  const set = (key: keyof UserFilters) => (value: string | null | undefined) =>
    setDraft((previous) => ({ ...previous, [key]: value ?? undefined }));

  const submit = () => {
    const trimmed: UserFilters = { ...draft };
    for (const key of TEXT_FIELDS) trimmed[key] = draft[key]?.trim() || undefined;
    onSearch(trimmed);
  };

  return (
    <SearchPanel opened={opened} onSubmit={submit} onClear={onClear}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        {TEXT_FIELDS.map((key) => (
          <TextInput
            key={key}
            label={t(`users.search.${key}`)}
            value={draft[key] ?? ''}
            onChange={(event) => set(key)(event.currentTarget.value)}
          />
        ))}
        <Select
          label={t('users.search.role')}
          data={toSelectData(roles.data ?? [])}
          value={draft.roleId ?? null}
          onChange={set('roleId')}
          clearable
        />
        <Select
          label={t('users.search.advisor')}
          data={advisors.data ?? []}
          value={draft.advisorId ?? null}
          onChange={set('advisorId')}
          searchable
          clearable
        />
        <Select
          label={t('users.search.department')}
          data={departments.data ?? []}
          value={draft.departmentId ?? null}
          onChange={set('departmentId')}
          clearable
        />
        <Select
          label={t('users.search.status')}
          data={[
            { value: 'true', label: t('common.status.active') },
            { value: 'false', label: t('common.status.inactive') },
            { value: STATUS_ALL, label: t('common.status.all') },
          ]}
          value={draft.isActive ?? STATUS_ALL}
          onChange={(value) => set('isActive')(value ?? STATUS_ALL)}
          allowDeselect={false}
        />
      </SimpleGrid>
      {showInvitedByMe && (
        <Switch
          mt="md"
          label={t('users.search.invitedByMe')}
          checked={draft.invitedByMe === 'true'}
          onChange={(event) => set('invitedByMe')(event.currentTarget.checked ? 'true' : undefined)}
        />
      )}
    </SearchPanel>
  );
}
