import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel } from '@/components/ui/search-panel';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { servicesToSelectData } from '@/lib/reference-data/select-data';

// A type, not an interface: the list params need it to be a plain record of strings.
export type RequestTemplateFilters = {
  search?: string;
  serviceId?: string;
};

/** Name or title, and service, applied on Search; the fields start from the filters in the URL. */
export function RequestTemplatesSearchPanel({
  opened,
  filters,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: RequestTemplateFilters;
  onSearch: (filters: RequestTemplateFilters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const services = useActiveServices({ clientId: null }, { enabled: opened, select: servicesToSelectData });
  const [search, setSearch] = useState(filters.search ?? '');
  const [serviceId, setServiceId] = useState<string | null>(filters.serviceId ?? null);
  return (
    <SearchPanel
      opened={opened}
      onSubmit={() => onSearch({ search: search.trim() || undefined, serviceId: serviceId ?? undefined })}
      onClear={() => {
        setSearch('');
        setServiceId(null);
        onClear();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('requestTemplates.templates.search.text')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        <Select
          label={t('requestTemplates.templates.search.service')}
          data={services.data ?? []}
          value={serviceId}
          onChange={setServiceId}
          clearable
          searchable
        />
      </SimpleGrid>
    </SearchPanel>
  );
}
