import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel } from '@/components/ui/search-panel';
import { useLeadStatuses } from '../api/get-lead-statuses';

/** The URL's filters (strings, as in the query string). */
export interface LeadFiltersState extends Record<string, string | undefined> {
  legalCompanyName?: string;
  contactFullName?: string;
  contactEmailAddress?: string;
  contactPhoneNumber?: string;
  statusId?: string;
  /** M-D-YYYY, as the API takes it. */
  creationTimeFrom?: string;
  creationTimeTo?: string;
}

export const DEFAULT_LEAD_FILTERS: LeadFiltersState = {};

const TEXT_FIELDS = ['legalCompanyName', 'contactFullName', 'contactEmailAddress', 'contactPhoneNumber'] as const;
const DATE_FIELDS = ['creationTimeFrom', 'creationTimeTo'] as const;

/** The browser's date input speaks YYYY-MM-DD; the query M-D-YYYY. */
const toQueryDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${Number(match[2])}-${Number(match[3])}-${match[1]}` : undefined;
};
const toInputDate = (value: string | undefined) => {
  const match = value ? /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(value) : null;
  return match ? `${match[3]}-${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}` : '';
};

export function LeadsSearchPanel({
  opened,
  filters,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: LeadFiltersState;
  onSearch: (filters: LeadFiltersState) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const statuses = useLeadStatuses();
  const [draft, setDraft] = useState<LeadFiltersState>(filters);
  // The URL is the truth: back/forward or Clear replace what is typed.
  useEffect(() => setDraft(filters), [filters]);

  return (
    <SearchPanel
      opened={opened}
      onSubmit={() => onSearch(draft)}
      onClear={() => {
        setDraft({});
        onClear();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {TEXT_FIELDS.map((field) => (
          <TextInput
            key={field}
            label={t(`leads.filters.${field}`)}
            value={draft[field] ?? ''}
            maxLength={100}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((current) => ({ ...current, [field]: value }));
            }}
          />
        ))}
        {DATE_FIELDS.map((field) => (
          <TextInput
            key={field}
            type="date"
            label={t(`leads.filters.${field}`)}
            value={toInputDate(draft[field])}
            onChange={(event) => {
              const value = toQueryDate(event.currentTarget.value);
              setDraft((current) => ({ ...current, [field]: value }));
            }}
          />
        ))}
        <Select
          label={t('leads.filters.status')}
          placeholder={t('leads.filters.anyStatus')}
          clearable
          data={(statuses.data ?? []).map((status) => ({ value: String(status.id), label: status.displayName }))}
          value={draft.statusId ?? null}
          onChange={(value) => setDraft((current) => ({ ...current, statusId: value ?? undefined }))}
        />
      </SimpleGrid>
    </SearchPanel>
  );
}
