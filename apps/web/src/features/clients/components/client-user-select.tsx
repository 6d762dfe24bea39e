import { REMOTE_SEARCH_MIN_CHARS } from '@ledgerport/shared';
import { Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientUserOptions } from '../api/get-client-user-options';

export interface ClientUserChoice {
  value: string;
  label: string;
}

/**
 * A client user picked by remote search (owner of a new client, owner-or-collaborator filter): the
 * server is asked only above 2 typed characters; the chosen user's label is kept by the caller so
 * it still shows once the search text changes.
 */
export function ClientUserSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: ClientUserChoice | null;
  onChange: (choice: ClientUserChoice | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.label ?? '');
  const tooShort = search.trim().length < REMOTE_SEARCH_MIN_CHARS || search === value?.label;
  const options = useClientUserOptions(tooShort ? '' : search);
  const found = tooShort ? [] : (options.data ?? []).map((o) => ({ value: o.value, label: o.displayText }));
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
      // The server already matched name or e-mail; the list is not filtered again here.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        search.trim().length < REMOTE_SEARCH_MIN_CHARS ? t('clients.search.typeMore') : t('clients.search.nothingFound')
      }
      onChange={(selected, option) => onChange(selected && option ? { value: selected, label: option.label } : null)}
    />
  );
}
