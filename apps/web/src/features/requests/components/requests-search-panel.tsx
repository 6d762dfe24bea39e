import { REQUEST_STATUS } from '@ledgerport/shared';
import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '@/components/ui/remote-select';
import { SearchPanel } from '@/components/ui/search-panel';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { useClientChoices } from '@/lib/reference-data/get-client-options';
import { servicesToSelectData } from '@/lib/reference-data/select-data';

/** The URL's filters (strings, as in the query string). */
export interface RequestFiltersState extends Record<string, string | undefined> {
  search?: string;
  clientId?: string;
  /** Shown in the client field after a reload; not sent to the API. */
  clientName?: string;
  serviceId?: string;
  /** 1, 2 or 3; `all` switches off the default (open requests). */
  status?: string;
  /** YYYY-MM-DD. */
  dueFrom?: string;
  dueTo?: string;
  overdue?: string;
  createdByUserId?: string;
}

/** What the firm looks at first: what is still open. */
export const DEFAULT_REQUEST_FILTERS: RequestFiltersState = { status: String(REQUEST_STATUS.open) };
export const ANY_STATUS = 'all';

export function RequestsSearchPanel({
  opened,
  filters,
  onSearch,
  onClear,
  withClient,
  currentUserId,
}: {
  opened: boolean;
  filters: RequestFiltersState;
  onSearch: (filters: RequestFiltersState) => void;
  onClear: () => void;
  /** Staff filter by client; a client user's list is their current client's already. */
  withClient: boolean;
  /** "Only requests I created" (staff). */
  currentUserId: number | null;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RequestFiltersState>(filters);
  const [applied, setApplied] = useState(filters);
  // The URL changed from elsewhere (Clear, back button): the fields show what is applied.
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }
  const services = useActiveServices({ clientId: null });
  const set = (key: keyof RequestFiltersState) => (value: string | null | undefined) =>
    setDraft((previous) => ({ ...previous, [key]: value || undefined }));

  const statusData = [
    { value: ANY_STATUS, label: t('requests.filters.anyStatus') },
    { value: String(REQUEST_STATUS.open), label: t('requests.status.open') },
    { value: String(REQUEST_STATUS.completed), label: t('requests.status.completed') },
    { value: String(REQUEST_STATUS.cancelled), label: t('requests.status.cancelled') },
  ];

  return (
    <SearchPanel
      opened={opened}
      onSubmit={() => onSearch({ ...draft, search: draft.search?.trim() || undefined })}
      onClear={onClear}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput
          label={t('requests.filters.search')}
          value={draft.search ?? ''}
          maxLength={200}
          onChange={(event) => set('search')(event.currentTarget.value)}
        />
        {withClient && (
          <RemoteSelect
            label={t('requests.filters.client')}
            useOptions={useClientChoices}
            value={draft.clientId ? { value: draft.clientId, label: draft.clientName ?? draft.clientId } : null}
            onChange={(choice) =>
              setDraft((previous) => ({ ...previous, clientId: choice?.value, clientName: choice?.label }))
            }
          />
        )}
        <Select
          label={t('requests.filters.service')}
          data={servicesToSelectData(services.data ?? [])}
          value={draft.serviceId ?? null}
          onChange={set('serviceId')}
          clearable
        />
        <Select
          label={t('requests.filters.status')}
          data={statusData}
          value={draft.status ?? ANY_STATUS}
          onChange={(value) => set('status')(value ?? ANY_STATUS)}
          allowDeselect={false}
        />
        <TextInput
          type="date"
          label={t('requests.filters.dueFrom')}
          value={draft.dueFrom ?? ''}
          onChange={(event) => set('dueFrom')(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('requests.filters.dueTo')}
          value={draft.dueTo ?? ''}
          onChange={(event) => set('dueTo')(event.currentTarget.value)}
        />
        <Checkbox
          mt={{ md: 'xl' }}
          label={t('requests.filters.overdue')}
          checked={draft.overdue === 'true'}
          onChange={(event) => set('overdue')(event.currentTarget.checked ? 'true' : undefined)}
        />
        {currentUserId !== null && (
          <Checkbox
            mt={{ md: 'xl' }}
            label={t('requests.filters.createdByMe')}
            checked={draft.createdByUserId === String(currentUserId)}
            onChange={(event) =>
              set('createdByUserId')(event.currentTarget.checked ? String(currentUserId) : undefined)
            }
          />
        )}
      </SimpleGrid>
    </SearchPanel>
  );
}
