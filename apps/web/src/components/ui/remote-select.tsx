import type { DropdownOption } from '@ledgerport/shared';
import { REMOTE_SEARCH_MIN_CHARS } from '@ledgerport/shared';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RemoteChoice {
  value: string;
  label: string;
}

/** What the select needs of a search query: its options and whether it is running or failed. */
export type RemoteOptionsQuery = Pick<UseQueryResult<DropdownOption[]>, 'data' | 'isError' | 'isFetching'>;

/**
 * A value found by remote search (a client, a client user, a business client, an uploader, an
 * invitation's sender, an audit actor): the server is asked only from 3 typed characters; the chosen
 * label is kept by the caller so it still shows once the search text changes or after a reload.
 * People are labelled with name and e-mail, as the owner picker does, so two of one name are told
 * apart.
 */
export function RemoteSelect({
  value,
  onChange,
  useOptions,
  debounceMs = 0,
  nothingFoundText,
  error,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> & {
  value: RemoteChoice | null;
  onChange: (choice: RemoteChoice | null) => void;
  useOptions: (text: string) => RemoteOptionsQuery;
  /** Waits this long after the last keystroke before asking: for a search that costs several requests. */
  debounceMs?: number;
  /** The wording of an empty answer when "Nothing found" would not say what was looked for. */
  nothingFoundText?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.label ?? '');
  const [debounced] = useDebouncedValue(search, debounceMs);
  const text = debounceMs > 0 ? debounced : search;
  const tooShort = text.trim().length < REMOTE_SEARCH_MIN_CHARS || text === value?.label;
  const options = useOptions(tooShort ? '' : text);
  const found = tooShort ? [] : (options.data ?? []).map((o) => ({ value: o.value, label: o.displayText }));
  const data = value && !found.some((option) => option.value === value.value) ? [value, ...found] : found;

  return (
    <Select
      {...props}
      searchable
      clearable
      // Focus alone (a dialog's first field takes it on opening) would open a list with no option in
      // it, only the "type more" hint: an empty listbox (axe: aria-required-children). Typing opens it.
      openOnFocus={false}
      data={data}
      value={value?.value ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched the text; the list is not filtered again here.
      filter={({ options: all }) => all}
      nothingFoundMessage={
        search.trim().length < REMOTE_SEARCH_MIN_CHARS
          ? t('common.remoteSearch.typeMore')
          : options.isFetching
            ? undefined
            : (nothingFoundText ?? t('common.remoteSearch.nothingFound'))
      }
      // The field's own validation message first; a search that failed says so instead of "nothing".
      error={error ?? (options.isError ? t('common.remoteSearch.unavailable') : undefined)}
      onChange={(selected, option) => onChange(selected && option ? { value: selected, label: option.label } : null)}
    />
  );
}
