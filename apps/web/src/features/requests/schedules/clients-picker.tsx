import { REMOTE_SEARCH_MIN_CHARS, REQUEST_SCHEDULE_LIMITS } from '@ledgerport/shared';
import { Pill, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientChoices } from '@/lib/reference-data/get-client-options';

export interface ChosenClient {
  id: number;
  name: string;
}

/**
 * Several clients, found by remote search from 3 typed characters: a pick joins the chosen ones,
 * shown as pills with their own remove buttons, and the search starts again.
 */
export function ClientsPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: ChosenClient[];
  onChange: (clients: ChosenClient[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const tooShort = search.trim().length < REMOTE_SEARCH_MIN_CHARS;
  const options = useClientChoices(tooShort ? '' : search);
  const chosen = new Set(value.map((client) => String(client.id)));
  const data = tooShort
    ? []
    : (options.data ?? [])
        .filter((option) => !chosen.has(option.value))
        .map((option) => ({ value: option.value, label: option.displayText }));
  const full = value.length >= REQUEST_SCHEDULE_LIMITS.clients;

  return (
    <Stack gap={6}>
      <Select
        label={t('requestTemplates.schedules.form.clients')}
        placeholder={t('requestTemplates.schedules.form.clientsPlaceholder')}
        required
        searchable
        data={data}
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        // The server already matched the text; the list is not filtered again here.
        filter={({ options: all }) => all}
        nothingFoundMessage={
          tooShort
            ? t('common.remoteSearch.typeMore')
            : options.isFetching
              ? undefined
              : t('common.remoteSearch.nothingFound')
        }
        error={error ?? (options.isError ? t('common.remoteSearch.unavailable') : undefined)}
        disabled={disabled || full}
        onChange={(selected, option) => {
          if (!selected || !option || chosen.has(selected)) return;
          onChange([...value, { id: Number(selected), name: option.label }]);
          setSearch('');
        }}
      />
      {value.length > 0 && (
        <>
          <Text size="xs" c="dimmed" aria-live="polite">
            {t('requestTemplates.schedules.form.chosenCount', { count: value.length })}
          </Text>
          <Pill.Group>
            {value.map((client) => (
              <Pill
                key={client.id}
                size="md"
                withRemoveButton={!disabled}
                onRemove={() => onChange(value.filter((other) => other.id !== client.id))}
                // Mantine hides the remove button from the keyboard and screen readers; ours is a real button.
                removeButtonProps={{
                  tabIndex: 0,
                  'aria-hidden': false,
                  'aria-label': t('requestTemplates.schedules.form.removeClient', { name: client.name }),
                }}
              >
                {client.name}
              </Pill>
            ))}
          </Pill.Group>
        </>
      )}
    </Stack>
  );
}
