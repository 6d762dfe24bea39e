import { CONTRACTOR_TYPE } from '@ledgerport/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '@/components/ui/remote-select';
import { SearchPanel } from '@/components/ui/search-panel';
import { useBusinessClientOptions } from '../api/get-business-clients';

/**
 * The screen's filters as they sit in the URL. contractorType is '1', '2' or absent (all); isPaid
 * and isCompleted 'true', 'false' or absent. `clientLabel` keeps the chosen client's name for the
 * field; `year` is the tax-year dropdown's, outside the panel.
 */
export interface ContractorFiltersState extends Record<string, string | undefined> {
  year?: string;
  clientId?: string;
  clientLabel?: string;
  businessNameOrFullName?: string;
  contractorType?: string;
  isPaid?: string;
  isCompleted?: string;
}

const ALL = 'all';

/** Spec 03 "Contractors page": the client and completion filters are the firm's, hidden from client users. */
export function ContractorsSearchPanel({
  opened,
  filters,
  isClient,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: ContractorFiltersState;
  isClient: boolean;
  onSearch: (filters: ContractorFiltersState) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ContractorFiltersState>(filters);
  const [applied, setApplied] = useState(filters);
  // The URL changed from elsewhere (Clear, year, back button): the fields show what is applied.
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }

  const set = (key: keyof ContractorFiltersState) => (value: string | null) =>
    setDraft((previous) => ({ ...previous, [key]: value === ALL || value === null ? undefined : value }));

  const submit = () =>
    onSearch({ ...draft, businessNameOrFullName: draft.businessNameOrFullName?.trim() || undefined });

  const allOr = (value: string | undefined) => value ?? ALL;

  return (
    <SearchPanel opened={opened} onSubmit={submit} onClear={onClear}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: isClient ? 3 : 5 }} spacing="sm">
        {!isClient && (
          <RemoteSelect
            label={t('contractors.search.client')}
            useOptions={useBusinessClientOptions}
            nothingFoundText={t('contractors.search.nothingFound')}
            value={draft.clientId ? { value: draft.clientId, label: draft.clientLabel ?? draft.clientId } : null}
            onChange={(choice) =>
              setDraft((previous) => ({ ...previous, clientId: choice?.value, clientLabel: choice?.label }))
            }
          />
        )}
        <TextInput
          label={t('contractors.search.name')}
          value={draft.businessNameOrFullName ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setDraft((previous) => ({ ...previous, businessNameOrFullName: value }));
          }}
        />
        <Select
          label={t('contractors.search.contractorType')}
          data={[
            { value: ALL, label: t('contractors.search.all') },
            { value: String(CONTRACTOR_TYPE.business), label: t('contractors.search.business') },
            { value: String(CONTRACTOR_TYPE.individual), label: t('contractors.search.individual') },
          ]}
          value={allOr(draft.contractorType)}
          onChange={set('contractorType')}
          allowDeselect={false}
        />
        <Select
          label={t('contractors.search.serviceFee')}
          data={[
            { value: ALL, label: t('contractors.search.all') },
            { value: 'true', label: t('contractors.search.paid') },
            { value: 'false', label: t('contractors.search.unpaid') },
          ]}
          value={allOr(draft.isPaid)}
          onChange={set('isPaid')}
          allowDeselect={false}
        />
        {!isClient && (
          <Select
            label={t('contractors.search.completion')}
            data={[
              { value: ALL, label: t('contractors.search.all') },
              { value: 'true', label: t('contractors.search.completed') },
              { value: 'false', label: t('contractors.search.uncompleted') },
            ]}
            value={allOr(draft.isCompleted)}
            onChange={set('isCompleted')}
            allowDeselect={false}
          />
        )}
      </SimpleGrid>
    </SearchPanel>
  );
}
