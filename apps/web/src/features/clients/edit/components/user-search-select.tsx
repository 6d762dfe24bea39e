import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientUserOptions } from '../../api/get-client-user-options';

/**
 * A client-user picker that searches the server above 2 typed characters. `value` is the chosen
 * user's id and `valueLabel` its display text, so the choice shows before any search has run.
 */
export function UserSearchSelect({
  label,
  value,
  valueLabel,
  onChange,
  excludeIds = [],
  error,
  required,
  clearAfterChoice,
}: {
  label: string;
  value: string | null;
  valueLabel?: string;
  onChange: (id: string, displayText: string) => void;
  excludeIds?: string[];
  error?: string;
  required?: boolean;
  /** For "add" pickers: the field empties once a user is chosen. */
  clearAfterChoice?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const query = useClientUserOptions(debounced);

  const data = useMemo(() => {
    const options = (query.data ?? [])
      .filter((option) => !excludeIds.includes(option.value))
      .map((option) => ({ value: option.value, label: option.displayText }));
    if (value && valueLabel && !options.some((option) => option.value === value)) {
      options.unshift({ value, label: valueLabel });
    }
    return options;
  }, [query.data, excludeIds, value, valueLabel]);

  return (
    <Select
      label={label}
      required={required}
      searchable
      clearable={false}
      value={value}
      data={data}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already matched the text.
      filter={({ options }) => options}
      placeholder={t('clientEdit.search.placeholder')}
      nothingFoundMessage={
        debounced.trim().length >= 3 && !query.isFetching ? t('clientEdit.search.nothingFound') : undefined
      }
      error={error ?? (query.isError ? t('clientEdit.search.unavailable') : undefined)}
      onChange={(id, option) => {
        if (!id) return;
        onChange(id, option?.label ?? id);
        if (clearAfterChoice) setSearch('');
      }}
    />
  );
}
