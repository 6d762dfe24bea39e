import { DOCUMENT_STATUSES, type DocumentStatus } from '@ledgerport/shared';
import { MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel } from '@/components/ui/search-panel';
import { notify } from '@/lib/notify';
import { useClientChoices } from '@/lib/reference-data/get-client-options';
import { useTagGroups } from '@/lib/reference-data/get-tag-groups';
import { useDocumentUploaders } from '../api/get-document-uploaders';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { servicesToSelectData } from '@/lib/reference-data/select-data';
import { parseTagIds, type DocumentFiltersState } from '../lib/document-filters';
import { DOCUMENT_STATUS_LABEL } from './document-status-badge';
import { RemoteSelect } from '@/components/ui/remote-select';

const STATUS_ALL = '';

/**
 * The search fields of spec 02 (My Uploads, Received Documents) in the spec's order. They edit a
 * draft; Search applies it (page 1 again).
 */
export function DocumentsSearchPanel({
  opened,
  filters,
  withClient,
  withStatus,
  servicesOfClientId,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: DocumentFiltersState;
  /** Staff only: a client user always sees their current client. */
  withClient: boolean;
  withStatus: boolean;
  /** A client user's current client: its services are the ones to choose from. */
  servicesOfClientId: number | null;
  onSearch: (filters: DocumentFiltersState) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DocumentFiltersState>(filters);
  const [applied, setApplied] = useState(filters);
  // The URL changed from elsewhere (Clear, back button, Home's tag cards): the fields show what is applied.
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }
  const services = useActiveServices({ clientId: servicesOfClientId });
  const tagGroups = useTagGroups();
  const failed = services.isError || tagGroups.isError;
  useEffect(() => {
    if (failed) notify.error(t('common.messages.fetchError'), { key: 'documents-options-fetch' });
  }, [failed, t]);

  const set = (key: keyof DocumentFiltersState) => (value: string | null | undefined) =>
    setDraft((previous) => ({ ...previous, [key]: value || undefined }));

  const tagData = (tagGroups.data ?? [])
    .filter((group) => group.tags.length > 0)
    .map((group) => ({
      group: group.displayName,
      items: group.tags.map((tag) => ({ value: String(tag.id), label: tag.displayName })),
    }));
  const selectedTags = parseTagIds(draft.tagId ? [draft.tagId] : []).map(String);

  const submit = () => onSearch({ ...draft, displayName: draft.displayName?.trim() || undefined });

  return (
    <SearchPanel opened={opened} onSubmit={submit} onClear={onClear}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        {withClient && (
          <RemoteSelect
            label={t('documents.search.client')}
            useOptions={useClientChoices}
            value={draft.clientId ? { value: draft.clientId, label: draft.clientName ?? draft.clientId } : null}
            onChange={(choice) =>
              setDraft((previous) => ({ ...previous, clientId: choice?.value, clientName: choice?.label }))
            }
          />
        )}
        <TextInput
          label={t('documents.search.displayName')}
          value={draft.displayName ?? ''}
          onChange={(event) => set('displayName')(event.currentTarget.value)}
        />
        <MultiSelect
          label={t('documents.search.tags')}
          data={tagData}
          value={selectedTags}
          onChange={(values) => set('tagId')(values.join(','))}
          searchable
          clearable
        />
        <Select
          label={t('documents.search.service')}
          data={servicesToSelectData(services.data ?? [])}
          value={draft.serviceId ?? null}
          onChange={set('serviceId')}
          clearable
        />
        {withStatus && (
          <Select
            label={t('documents.search.status')}
            data={[
              { value: STATUS_ALL, label: t('documents.search.statusAll') },
              ...DOCUMENT_STATUSES.map((status) => ({
                value: String(status),
                label: t(DOCUMENT_STATUS_LABEL[status as DocumentStatus]),
              })),
            ]}
            value={draft.status ?? STATUS_ALL}
            onChange={set('status')}
            allowDeselect={false}
          />
        )}
        <TextInput
          type="date"
          label={t('documents.search.uploadedFrom')}
          value={draft.creationTimeFrom ?? ''}
          max={draft.creationTimeTo}
          onChange={(event) => set('creationTimeFrom')(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={t('documents.search.uploadedTo')}
          value={draft.creationTimeTo ?? ''}
          min={draft.creationTimeFrom}
          onChange={(event) => set('creationTimeTo')(event.currentTarget.value)}
        />
        <RemoteSelect
          label={t('documents.search.uploadedBy')}
          useOptions={useDocumentUploaders}
          value={
            draft.creatorUserId ? { value: draft.creatorUserId, label: draft.creatorName ?? draft.creatorUserId } : null
          }
          onChange={(choice) =>
            setDraft((previous) => ({ ...previous, creatorUserId: choice?.value, creatorName: choice?.label }))
          }
        />
      </SimpleGrid>
    </SearchPanel>
  );
}
