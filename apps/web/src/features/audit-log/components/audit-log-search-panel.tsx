import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '@/components/ui/remote-select';
import { SearchPanel } from '@/components/ui/search-panel';
import { useClientChoices } from '@/lib/reference-data/get-client-options';
import { useAuditActions } from '../api/get-audit-actions';
import { useActorSearch } from '../api/search-actors';
import type { AuditLogFilters } from '../lib/filters';

/** The actor search costs one request per field the text could be: it waits for a pause in typing. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The audit log's filters (issue 11 item 3). They edit a draft; Search applies it (back to page 1),
 * Clear removes every filter. This module is loaded with the screen only, and so is the dates CSS.
 */
export function AuditLogSearchPanel({
  opened,
  filters,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: AuditLogFilters;
  onSearch: (filters: AuditLogFilters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditLogFilters>(filters);
  const [applied, setApplied] = useState(filters);
  // The URL changed from elsewhere (Clear, back button): the fields show what is applied.
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }
  const actions = useAuditActions();
  const set = (changes: Partial<AuditLogFilters>) => setDraft((previous) => ({ ...previous, ...changes }));
  const choice = (value: string | undefined, label: string | undefined) =>
    value ? { value, label: label ?? value } : null;

  const submit = () =>
    onSearch({
      ...draft,
      documentId: draft.documentId?.trim() || undefined,
      search: draft.search?.trim() || undefined,
    });

  return (
    <SearchPanel opened={opened} onSubmit={submit} onClear={onClear}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <RemoteSelect
          label={t('auditLog.search.actor')}
          value={choice(draft.actorUserId, draft.actorName)}
          onChange={(selected) => set({ actorUserId: selected?.value, actorName: selected?.label })}
          useOptions={useActorSearch}
          debounceMs={SEARCH_DEBOUNCE_MS}
        />
        <Select
          label={t('auditLog.search.action')}
          data={actions.data ?? []}
          value={draft.action ?? null}
          onChange={(value) => set({ action: value ?? undefined })}
          searchable
          clearable
        />
        <RemoteSelect
          label={t('auditLog.search.client')}
          value={choice(draft.clientId, draft.clientName)}
          onChange={(selected) => set({ clientId: selected?.value, clientName: selected?.label })}
          useOptions={useClientChoices}
          debounceMs={SEARCH_DEBOUNCE_MS}
        />
        <TextInput
          label={t('auditLog.search.documentId')}
          inputMode="numeric"
          value={draft.documentId ?? ''}
          onChange={(event) => set({ documentId: event.currentTarget.value.replace(/\D/g, '') || undefined })}
        />
        <DatePickerInput
          type="range"
          label={t('auditLog.search.dateRange')}
          value={[draft.from ?? null, draft.to ?? null]}
          onChange={([from, to]) => set({ from: from ?? undefined, to: to ?? undefined })}
          valueFormat="MMM D, YYYY"
          clearable
          allowSingleDateInRange
        />
        <TextInput
          label={t('auditLog.search.details')}
          value={draft.search ?? ''}
          onChange={(event) => set({ search: event.currentTarget.value })}
        />
      </SimpleGrid>
    </SearchPanel>
  );
}
