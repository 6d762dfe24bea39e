import { INVITATION_STATUS, INVITATION_TYPE } from '@ledgerport/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '@/components/ui/remote-select';
import { SearchPanel } from '@/components/ui/search-panel';
import { useSenderOptions } from '../api/get-sender-options';

/** The Invitations screen's filters as they sit in the URL. */
export interface InvitationFilters extends Record<string, string | undefined> {
  recipientEmailAddress?: string;
  status?: string;
  type?: string;
  senderUserId?: string;
  /** The chosen sender's label, kept beside the id so the field shows it after a reload. */
  senderName?: string;
}

/**
 * The search of spec 02 (Invitations list). It edits a draft; Search applies it, Clear empties it.
 * Sender and type are for admins only (the API ignores them for others).
 */
export function InvitationsSearchPanel({
  opened,
  filters,
  showAdminFilters,
  onSearch,
  onClear,
}: {
  opened: boolean;
  filters: InvitationFilters;
  showAdminFilters: boolean;
  onSearch: (filters: InvitationFilters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<InvitationFilters>(filters);
  const [applied, setApplied] = useState(filters);
  // The URL changed from elsewhere (Clear, back button): the fields show what is applied.
  if (applied !== filters) {
    setApplied(filters);
    setDraft(filters);
  }
  const set = (key: keyof InvitationFilters) => (value: string | null | undefined) =>
    setDraft((previous) => ({ ...previous, [key]: value ?? undefined }));

  const submit = () =>
    onSearch({
      ...draft,
      recipientEmailAddress: draft.recipientEmailAddress?.trim() || undefined,
    });

  return (
    <SearchPanel opened={opened} onSubmit={submit} onClear={onClear}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <TextInput
          label={t('invitations.list.search.recipientEmailAddress')}
          value={draft.recipientEmailAddress ?? ''}
          onChange={(event) => set('recipientEmailAddress')(event.currentTarget.value)}
        />
        <Select
          label={t('invitations.list.search.status')}
          data={Object.values(INVITATION_STATUS).map((status) => ({
            value: String(status),
            label: t(`invitations.list.status.${status}`),
          }))}
          value={draft.status ?? null}
          onChange={set('status')}
          clearable
        />
        {showAdminFilters && (
          <>
            <RemoteSelect
              label={t('invitations.list.search.sender')}
              useOptions={useSenderOptions}
              value={
                draft.senderUserId ? { value: draft.senderUserId, label: draft.senderName ?? draft.senderUserId } : null
              }
              onChange={(choice) =>
                setDraft((previous) => ({ ...previous, senderUserId: choice?.value, senderName: choice?.label }))
              }
            />
            <Select
              label={t('invitations.list.search.type')}
              data={Object.values(INVITATION_TYPE).map((type) => ({
                value: String(type),
                label: t(`invitations.list.type.${type}`),
              }))}
              value={draft.type ?? null}
              onChange={set('type')}
              clearable
            />
          </>
        )}
      </SimpleGrid>
    </SearchPanel>
  );
}
