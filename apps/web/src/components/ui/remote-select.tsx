import type { DropdownOption } from '@ledgerport/shared';
import { REMOTE_SEARCH_MIN_CHARS } from '@ledgerport/shared';
import { Select, type SelectProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RemoteChoice {
  value: string;
  label: string;
}

/**
 * A value found by remote search (client, uploaded by, an invitation's sender): the server is asked
 * only above 2 typed characters; the chosen label is kept by the caller so it still shows once the
 * search text changes. People are labelled with name and e-mail, as the owner picker does, so two
 * of one name are told apart.
 */
export function RemoteSelect({
  value,
  onChange,
  useOptions,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: RemoteChoice | null;
  onChange: (choice: RemoteChoice | null) => void;
  useOptions: (text: string) => UseQueryResult<DropdownOption[]>;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.label ?? '');
  const tooShort = search.trim().length < REMOTE_SEARCH_MIN_CHARS || search === value?.label;
  const options = useOptions(tooShort ? '' : search);
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
      // The server already matched the text; the list is not filtered again here.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        search.trim().length < REMOTE_SEARCH_MIN_CHARS
          ? t('common.remoteSearch.typeMore')
          : t('common.remoteSearch.nothingFound')
      }
      onChange={(selected, option) => onChange(selected && option ? { value: selected, label: option.label } : null)}
    />
  );
}
