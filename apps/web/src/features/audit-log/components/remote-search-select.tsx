import { REMOTE_SEARCH_MIN_CHARS, type DropdownOption } from '@ledgerport/shared';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface Choice {
  value: string;
  label: string;
}

/**
 * A select that asks the server from 3 typed characters. The caller keeps the chosen option's label,
 * so the field still shows it once the search text changes or after a reload.
 */
export function RemoteSearchSelect({
  label,
  value,
  onChange,
  useOptions,
}: {
  label: string;
  value: Choice | null;
  onChange: (choice: Choice | null) => void;
  useOptions: (text: string) => { data?: DropdownOption[]; isError: boolean; isFetching: boolean };
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.label ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const searching = debounced.trim().length >= REMOTE_SEARCH_MIN_CHARS && debounced !== value?.label;
  const options = useOptions(searching ? debounced : '');
  const data = (searching ? (options.data ?? []) : []).map((option) => ({
    value: option.value,
    label: option.displayText,
  }));
  if (value && !data.some((option) => option.value === value.value)) data.unshift(value);

  return (
    <Select
      label={label}
      searchable
      clearable
      data={data}
      value={value?.value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        search.trim().length < REMOTE_SEARCH_MIN_CHARS
          ? t('auditLog.search.typeMore')
          : options.isFetching
            ? undefined
            : t('auditLog.search.nothingFound')
      }
      error={options.isError ? t('auditLog.search.unavailable') : undefined}
      onChange={(selected, option) => onChange(selected && option ? { value: selected, label: option.label } : null)}
    />
  );
}
