import { Chip, Flex, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '@/components/ui/remote-select';
import { useClientChoices } from '@/lib/reference-data/get-client-options';

/** The inbox's filters as the URL holds them (strings). */
export interface InboxFiltersState extends Record<string, string | undefined> {
  /** `me` or `unassigned`. */
  assigned?: string;
  unread?: string;
  clientId?: string;
  /** Shown in the client field after a reload; not sent to the API. */
  clientName?: string;
  /** `open` or `closed`; none: any. */
  status?: string;
  /** A full-text search: the page shows its results instead of the conversations. */
  q?: string;
}

const ANY_STATUS = 'any';

/**
 * The inbox's filters, applied as they are clicked (a few switches, not a search form). Staff also
 * filter by assignee and client; a client user's inbox is their current client's already.
 */
export function InboxFilters({
  filters,
  onChange,
  withStaffFilters,
}: {
  filters: InboxFiltersState;
  onChange: (filters: InboxFiltersState) => void;
  withStaffFilters: boolean;
}) {
  const { t } = useTranslation();
  const set = (changes: Partial<InboxFiltersState>) => onChange({ ...filters, ...changes });

  return (
    // The switches on one line and the two fields on the next on a phone, each field sharing the width
    // (side by side they fell into ragged rows); one line on wider screens.
    <Flex
      gap="sm"
      direction={{ base: 'column', sm: 'row' }}
      align={{ base: 'stretch', sm: 'flex-end' }}
      wrap="wrap"
      role="group"
      aria-label={t('messages.filters.label')}
    >
      <Group gap="sm">
        {withStaffFilters && (
          <>
            <Chip
              checked={filters.assigned === 'me'}
              onChange={(checked) => set({ assigned: checked ? 'me' : undefined })}
            >
              {t('messages.filters.assignedToMe')}
            </Chip>
            <Chip
              checked={filters.assigned === 'unassigned'}
              onChange={(checked) => set({ assigned: checked ? 'unassigned' : undefined })}
            >
              {t('messages.filters.unassigned')}
            </Chip>
          </>
        )}
        <Chip checked={filters.unread === 'true'} onChange={(checked) => set({ unread: checked ? 'true' : undefined })}>
          {t('messages.filters.unread')}
        </Chip>
      </Group>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        {withStaffFilters && (
          <RemoteSelect
            label={t('messages.filters.client')}
            size="xs"
            w={{ base: 0, sm: 240 }}
            flex={{ base: 3, sm: 'none' }}
            useOptions={useClientChoices}
            value={filters.clientId ? { value: filters.clientId, label: filters.clientName ?? filters.clientId } : null}
            onChange={(choice) => set({ clientId: choice?.value, clientName: choice?.label })}
          />
        )}
        <Select
          label={t('messages.filters.status')}
          size="xs"
          w={{ base: 0, sm: 150 }}
          flex={{ base: 2, sm: 'none' }}
          data={[
            { value: ANY_STATUS, label: t('messages.filters.anyStatus') },
            { value: 'open', label: t('messages.status.open') },
            { value: 'closed', label: t('messages.status.closed') },
          ]}
          value={filters.status ?? ANY_STATUS}
          onChange={(value) => set({ status: value === ANY_STATUS || !value ? undefined : value })}
          allowDeselect={false}
        />
      </Group>
    </Flex>
  );
}
