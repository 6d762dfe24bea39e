import { INVITATION_STATUS, INVITATION_TYPE } from '@ledgerport/shared';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchPanel } from '@/components/ui/search-panel';

/** The Invitations screen's filters as they sit in the URL. */
export interface InvitationFilters extends Record<string, string | undefined> {
  recipientEmailAddress?: string;
  status?: string;
  type?: string;
  senderUserId?: string;
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
      senderUserId: /^\d+$/.test(draft.senderUserId?.trim() ?? '') ? draft.senderUserId?.trim() : undefined,
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
            <TextInput
              label={t('invitations.list.search.sender')}
              inputMode="numeric"
              value={draft.senderUserId ?? ''}
              onChange={(event) => set('senderUserId')(event.currentTarget.value)}
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
