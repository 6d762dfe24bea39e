import { SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel } from '@/components/ui/search-panel';

// A type, not an interface: the list params need it to be a plain record of strings.
export type RoleFilters = {
  name?: string;
  displayName?: string;
};

/** Name and display name, applied on Search; the fields start from the filters in the URL. */
export function RolesSearchPanel({
  opened,
  filters,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: RoleFilters;
  onSearch: (filters: RoleFilters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(filters.name ?? '');
  const [displayName, setDisplayName] = useState(filters.displayName ?? '');
  return (
    <SearchPanel
      opened={opened}
      onSubmit={() => onSearch({ name: name.trim() || undefined, displayName: displayName.trim() || undefined })}
      onClear={() => {
        setName('');
        setDisplayName('');
        onClear();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('roles.search.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput
          label={t('roles.search.displayName')}
          value={displayName}
          onChange={(e) => setDisplayName(e.currentTarget.value)}
        />
      </SimpleGrid>
    </SearchPanel>
  );
}
