import { REMOTE_SEARCH_MIN_CHARS } from '@ledgerport/shared';
import { Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusinessClients } from '../api/get-business-clients';

export interface BusinessClientChoice {
  value: string;
  label: string;
}

/**
 * A business client picked by remote search (staff only): the server is asked only above 2 typed
 * characters; the caller keeps the chosen client's name so it still shows once the text changes.
 */
export function BusinessClientSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: BusinessClientChoice | null;
  onChange: (choice: BusinessClientChoice | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.label ?? '');
  const tooShort = search.trim().length < REMOTE_SEARCH_MIN_CHARS || search === value?.label;
  const clients = useBusinessClients(tooShort ? '' : search);
  const found = tooShort
    ? []
    : (clients.data ?? []).map((client) => ({ value: String(client.id), label: client.name }));
  const data = value && !found.some((option) => option.value === value.value) ? [value, ...found] : found;

  return (
    <Select
      {...props}
      searchable
      clearable
      data={data}
      value={value?.value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the name; the list is not filtered again here.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        search.trim().length < REMOTE_SEARCH_MIN_CHARS
          ? t('contractors.search.typeMore')
          : t('contractors.search.nothingFound')
      }
      onChange={(selected, option) => onChange(selected && option ? { value: selected, label: option.label } : null)}
    />
  );
}
