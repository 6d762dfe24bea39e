import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel } from '@/components/ui/search-panel';
import { useDepartments } from '@/lib/reference-data/get-departments';
import { toSelectData } from '@/lib/reference-data/select-data';

/** `isActive=all` in the URL lists both states; without it the default (active only) applies. */
export const ALL_STATUSES = 'all';

// A type, not an interface: the list params need it to be a plain record of strings.
export type ServiceFilters = {
  name?: string;
  displayName?: string;
  departmentId?: string;
  isActive?: string;
};

/** Spec 01 section 2.15: name, display name, department and status (active by default, or all). */
export function ServicesSearchPanel({
  opened,
  filters,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: ServiceFilters;
  onSearch: (filters: ServiceFilters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const departments = useDepartments({ select: toSelectData });
  const [name, setName] = useState(filters.name ?? '');
  const [displayName, setDisplayName] = useState(filters.displayName ?? '');
  const [departmentId, setDepartmentId] = useState<string | null>(filters.departmentId ?? null);
  const [isActive, setIsActive] = useState(filters.isActive ?? 'true');
  const statuses = [
    { value: 'true', label: t('common.status.active') },
    { value: 'false', label: t('common.status.inactive') },
    { value: ALL_STATUSES, label: t('common.status.all') },
  ];
  return (
    <SearchPanel
      opened={opened}
      onSubmit={() =>
        onSearch({
          name: name.trim() || undefined,
          displayName: displayName.trim() || undefined,
          departmentId: departmentId ?? undefined,
          isActive,
        })
      }
      onClear={() => {
        setName('');
        setDisplayName('');
        setDepartmentId(null);
        setIsActive('true');
        onClear();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <TextInput label={t('services.search.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput
          label={t('services.search.displayName')}
          value={displayName}
          onChange={(e) => setDisplayName(e.currentTarget.value)}
        />
        <Select
          label={t('services.search.department')}
          data={departments.data ?? []}
          value={departmentId}
          onChange={setDepartmentId}
          clearable
        />
        <Select
          label={t('services.search.status')}
          data={statuses}
          value={isActive}
          onChange={(value) => setIsActive(value ?? 'true')}
          allowDeselect={false}
        />
      </SimpleGrid>
    </SearchPanel>
  );
}
