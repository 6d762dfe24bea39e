import { REMOTE_SEARCH_MIN_CHARS } from '@ledgerport/shared';
import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusDot } from '@/components/ui/status-dot';
import { useClientOptions } from '@/lib/reference-data/get-client-options';

export interface ClientChoice {
  value: string;
  label: string;
}

/**
 * The client filter: asks the server only above 2 typed characters, and shows each client's
 * active/inactive dot before the name. The caller keeps the chosen client's name, so the field
 * still shows it once the search text changes.
 */
export function ClientSearchSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ClientChoice | null;
  onChange: (choice: ClientChoice | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.label ?? '');
  const tooShort = search.trim().length < REMOTE_SEARCH_MIN_CHARS || search === value?.label;
  const options = useClientOptions(tooShort ? '' : search);
  const found = tooShort ? [] : (options.data ?? []);
  const activeById = new Map(found.map((client) => [String(client.id), client.isActive]));
  const data = found.map((client) => ({ value: String(client.id), label: client.name }));
  if (value && !activeById.has(value.value)) data.unshift(value);

  return (
    <Select
      label={label}
      searchable
      clearable
      data={data}
      value={value?.value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the name; the list is not filtered again here.
      filter={({ options: all }) => all}
      renderOption={({ option }) => {
        const isActive = activeById.get(option.value);
        return isActive === undefined ? (
          <Text size="sm">{option.label}</Text>
        ) : (
          <StatusDot active={isActive}>
            <Text size="sm">{option.label}</Text>
          </StatusDot>
        );
      }}
      nothingFoundMessage={
        search.trim().length < REMOTE_SEARCH_MIN_CHARS
          ? t('bookkeeping.search.typeMore')
          : t('bookkeeping.search.nothingFound')
      }
      onChange={(selected, option) => onChange(selected && option ? { value: selected, label: option.label } : null)}
    />
  );
}
