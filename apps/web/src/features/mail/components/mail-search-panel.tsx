import { MAIL_KIND, MAIL_STATUS } from '@ledgerport/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel } from '@/components/ui/search-panel';
import type { MailFilters } from '../lib/filters';

/**
 * The Mail screen's filters. They edit a draft; Search applies it (back to page 1), Clear removes
 * every filter. Loaded with the screen only, and so is the dates CSS.
 */
export function MailSearchPanel({
  opened,
  filters,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: MailFilters;
  onSearch: (filters: MailFilters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<MailFilters>(filters);
  const [applied, setApplied] = useState(filters);
  // The URL changed from elsewhere (Clear, back button): the fields show what is applied.
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }
  const set = (changes: Partial<MailFilters>) => setDraft((previous) => ({ ...previous, ...changes }));

  return (
    <SearchPanel
      opened={opened}
      onSubmit={() => onSearch({ ...draft, recipient: draft.recipient?.trim() || undefined })}
      onClear={onClear}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <Select
          label={t('mail.search.status')}
          data={MAIL_STATUS.map((status) => ({ value: status, label: t(`mail.status.${status}`) }))}
          value={draft.status ?? null}
          onChange={(value) => set({ status: value ?? undefined })}
          clearable
        />
        <Select
          label={t('mail.search.kind')}
          data={MAIL_KIND.map((kind) => ({ value: kind, label: t(`mail.kind.${kind}`) }))}
          value={draft.kind ?? null}
          onChange={(value) => set({ kind: value ?? undefined })}
          clearable
        />
        <TextInput
          label={t('mail.search.recipient')}
          value={draft.recipient ?? ''}
          onChange={(event) => set({ recipient: event.currentTarget.value })}
        />
        <DatePickerInput
          type="range"
          label={t('mail.search.dateRange')}
          value={[draft.from ?? null, draft.to ?? null]}
          onChange={([from, to]) => set({ from: from ?? undefined, to: to ?? undefined })}
          valueFormat="MMM D, YYYY"
          clearable
          allowSingleDateInRange
        />
      </SimpleGrid>
    </SearchPanel>
  );
}
