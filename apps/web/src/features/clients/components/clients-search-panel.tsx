import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '@/components/ui/remote-select';
import { SearchPanel } from '@/components/ui/search-panel';
import { useClientUserOptions } from '../api/get-client-user-options';
import { notify } from '@/lib/notify';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { useAdvisors } from '@/lib/reference-data/get-advisors';
import { useStates } from '@/lib/reference-data/get-states';
import { servicesToSelectData, toSelectData } from '@/lib/reference-data/select-data';
import { SSN_MASK, TIN_MASK, formatDigits } from '@/lib/digits-mask';

/**
 * The Clients screen's filters as they sit in the URL. isActive is 'true', 'false' or 'all';
 * clientType '1', '2' or absent (all). `ownerLabel` keeps the chosen user's name for the field.
 */
export interface ClientFiltersState extends Record<string, string | undefined> {
  fullName?: string;
  taxpayerIdentificationNumber?: string;
  socialSecurityNumber?: string;
  phoneNumber?: string;
  city?: string;
  stateId?: string;
  serviceId?: string;
  ownerOrCollaboratorUserId?: string;
  ownerLabel?: string;
  advisorUserId?: string;
  emailAddress?: string;
  isActive?: string;
  clientType?: string;
}

export const STATUS_ALL = 'all';
const TYPE_ALL = 'all';
/** Spec 02: the list starts with active clients of both types. */
export const DEFAULT_CLIENT_FILTERS: ClientFiltersState = { isActive: 'true' };

const TEXT_FIELDS = ['fullName', 'phoneNumber', 'city', 'emailAddress'] as const;

/** The search fields of spec 02 (Clients list). They edit a draft; Search applies it (page 1 again). */
export function ClientsSearchPanel({
  opened,
  filters,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: ClientFiltersState;
  onSearch: (filters: ClientFiltersState) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ClientFiltersState>(filters);
  const [applied, setApplied] = useState(filters);
  // The URL changed from elsewhere (Clear, back button): the fields show what is applied.
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }
  const advisors = useAdvisors({ enabled: opened, select: toSelectData });
  const services = useActiveServices({ clientId: null }, { select: servicesToSelectData });
  const states = useStates({ enabled: opened, select: toSelectData });
  const failed = advisors.isError || services.isError || states.isError;
  useEffect(() => {
    if (failed) notify.error(t('common.messages.fetchError'), { key: 'clients-options-fetch' });
  }, [failed, t]);

  const set = (key: keyof ClientFiltersState) => (value: string | null | undefined) =>
    setDraft((previous) => ({ ...previous, [key]: value ?? undefined }));

  const submit = () => {
    const trimmed: ClientFiltersState = { ...draft };
    for (const key of TEXT_FIELDS) trimmed[key] = draft[key]?.trim() || undefined;
    onSearch(trimmed);
  };

  return (
    <SearchPanel opened={opened} onSubmit={submit} onClear={onClear}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput
          label={t('clients.search.fullName')}
          value={draft.fullName ?? ''}
          onChange={(event) => set('fullName')(event.currentTarget.value)}
        />
        <TextInput
          label={t('clients.search.taxpayerIdentificationNumber')}
          placeholder={TIN_MASK}
          inputMode="numeric"
          value={draft.taxpayerIdentificationNumber ?? ''}
          onChange={(event) => set('taxpayerIdentificationNumber')(formatDigits(event.currentTarget.value, TIN_MASK))}
        />
        <TextInput
          label={t('clients.search.socialSecurityNumber')}
          placeholder={SSN_MASK}
          inputMode="numeric"
          value={draft.socialSecurityNumber ?? ''}
          onChange={(event) => set('socialSecurityNumber')(formatDigits(event.currentTarget.value, SSN_MASK))}
        />
        <TextInput
          label={t('clients.search.phoneNumber')}
          value={draft.phoneNumber ?? ''}
          onChange={(event) => set('phoneNumber')(event.currentTarget.value)}
        />
        <TextInput
          label={t('clients.search.city')}
          value={draft.city ?? ''}
          onChange={(event) => set('city')(event.currentTarget.value)}
        />
        <Select
          label={t('clients.search.state')}
          data={states.data ?? []}
          value={draft.stateId ?? null}
          onChange={set('stateId')}
          searchable
          clearable
        />
        <Select
          label={t('clients.search.service')}
          data={services.data ?? []}
          value={draft.serviceId ?? null}
          onChange={set('serviceId')}
          clearable
        />
        <RemoteSelect
          label={t('clients.search.ownerOrCollaborator')}
          useOptions={useClientUserOptions}
          nothingFoundText={t('clients.search.nothingFound')}
          value={
            draft.ownerOrCollaboratorUserId
              ? { value: draft.ownerOrCollaboratorUserId, label: draft.ownerLabel ?? draft.ownerOrCollaboratorUserId }
              : null
          }
          onChange={(choice) =>
            setDraft((previous) => ({
              ...previous,
              ownerOrCollaboratorUserId: choice?.value,
              ownerLabel: choice?.label,
            }))
          }
        />
        <Select
          label={t('clients.search.advisor')}
          data={advisors.data ?? []}
          value={draft.advisorUserId ?? null}
          onChange={set('advisorUserId')}
          searchable
          clearable
        />
        <TextInput
          label={t('clients.search.emailAddress')}
          value={draft.emailAddress ?? ''}
          onChange={(event) => set('emailAddress')(event.currentTarget.value)}
        />
        <Select
          label={t('clients.search.status')}
          data={[
            { value: 'true', label: t('common.status.active') },
            { value: 'false', label: t('common.status.inactive') },
            { value: STATUS_ALL, label: t('common.status.all') },
          ]}
          value={draft.isActive ?? STATUS_ALL}
          onChange={(value) => set('isActive')(value ?? STATUS_ALL)}
          allowDeselect={false}
        />
        <Select
          label={t('clients.search.clientType')}
          data={[
            { value: TYPE_ALL, label: t('clients.search.typeAll') },
            { value: '1', label: t('clients.search.typeBusiness') },
            { value: '2', label: t('clients.search.typePersonal') },
          ]}
          value={draft.clientType ?? TYPE_ALL}
          onChange={(value) => set('clientType')(value === TYPE_ALL ? undefined : (value ?? undefined))}
          allowDeselect={false}
        />
      </SimpleGrid>
    </SearchPanel>
  );
}
