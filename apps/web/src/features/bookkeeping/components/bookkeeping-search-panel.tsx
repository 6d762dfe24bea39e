import { Select, SimpleGrid } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel } from '@/components/ui/search-panel';
import { notify } from '@/lib/notify';
import { useAdvisors } from '@/lib/reference-data/get-advisors';
import { toSelectData } from '@/lib/reference-data/select-data';
import { MONTH_KEYS, trackerYears } from '../period';
import { ClientSearchSelect } from './client-search-select';

/**
 * The tracker's filters as they sit in the URL. isActiveClient is 'true', 'false' or absent (all);
 * `clientLabel` keeps the chosen client's name for the field.
 */
export interface BookkeepingFiltersState extends Record<string, string | undefined> {
  clientId?: string;
  clientLabel?: string;
  advisorUserId?: string;
  year?: string;
  month?: string;
  isActiveClient?: string;
}

const STATUS_ALL = 'all';

/** Spec 02 Bookkeeping list: client, advisor, year, month and client status. Search applies the draft. */
export function BookkeepingSearchPanel({
  opened,
  filters,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: BookkeepingFiltersState;
  onSearch: (filters: BookkeepingFiltersState) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<BookkeepingFiltersState>(filters);
  const [applied, setApplied] = useState(filters);
  // The URL changed from elsewhere (the month arrows, Clear, back button): the fields follow.
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }
  const advisors = useAdvisors({ enabled: opened, select: toSelectData });
  useEffect(() => {
    if (advisors.isError) notify.error(t('common.messages.fetchError'), { key: 'bookkeeping-advisors-fetch' });
  }, [advisors.isError, t]);

  const set = (key: keyof BookkeepingFiltersState) => (value: string | null) =>
    setDraft((previous) => ({ ...previous, [key]: value ?? undefined }));

  return (
    <SearchPanel opened={opened} onSubmit={() => onSearch(draft)} onClear={onClear}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm">
        <ClientSearchSelect
          label={t('bookkeeping.search.client')}
          value={draft.clientId ? { value: draft.clientId, label: draft.clientLabel ?? draft.clientId } : null}
          onChange={(choice) =>
            setDraft((previous) => ({ ...previous, clientId: choice?.value, clientLabel: choice?.label }))
          }
        />
        <Select
          label={t('bookkeeping.search.advisor')}
          data={advisors.data ?? []}
          value={draft.advisorUserId ?? null}
          onChange={set('advisorUserId')}
          searchable
          clearable
        />
        <Select
          label={t('bookkeeping.search.year')}
          data={trackerYears().map(String)}
          value={draft.year ?? null}
          onChange={set('year')}
          allowDeselect={false}
        />
        <Select
          label={t('bookkeeping.search.month')}
          data={MONTH_KEYS.map((month) => ({ value: month, label: t(`bookkeeping.monthsShort.${month}`) }))}
          value={draft.month ?? null}
          onChange={set('month')}
          allowDeselect={false}
        />
        <Select
          label={t('bookkeeping.search.status')}
          data={[
            { value: STATUS_ALL, label: t('common.status.all') },
            { value: 'true', label: t('common.status.active') },
            { value: 'false', label: t('common.status.inactive') },
          ]}
          value={draft.isActiveClient ?? STATUS_ALL}
          onChange={(value) => set('isActiveClient')(value === STATUS_ALL ? null : value)}
          allowDeselect={false}
        />
      </SimpleGrid>
    </SearchPanel>
  );
}
