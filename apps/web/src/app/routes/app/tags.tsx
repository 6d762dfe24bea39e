import type { ListTagGroupsQuery, TagDto, TagGroupDto } from '@ledgerport/shared';
import { Button, Group, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageHeader } from '@/components/ui/page-header';
import { useTagGroups } from '@/features/tags/api/get-tag-groups';
import { useReorderTagGroups } from '@/features/tags/api/reorder-tag-groups';
import { DeleteTagDialog, DeleteTagGroupDialog, TagStatusDialog } from '@/features/tags/components/tag-confirm-dialogs';
import { TagFormDialog } from '@/features/tags/components/tag-form-dialog';
import { TagGroupFormDialog } from '@/features/tags/components/tag-group-form-dialog';
import { TagGroupsTable } from '@/features/tags/components/tag-groups-table';
import { useAuthorization } from '@/lib/authorization';

/** `isActive=all` in the URL means "show inactive tags too"; by default only active tags are listed. */
const SHOW_ALL = 'all';
const SEARCH_DELAY_MS = 300;

// A dialog keeps its subject while it closes, so its title does not change during the fade-out.
interface GroupDialog {
  opened: boolean;
  group: TagGroupDto | null;
}
interface TagDialog {
  opened: boolean;
  group: TagGroupDto | null;
  tag: TagDto | null;
}

/** Tag groups and tags (spec 01 sections 2.14 and 4.7). */
export function TagsRoute() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const permissions = {
    add: can('tag:add'),
    edit: can('tag:edit'),
    delete: can('tag:delete'),
    changeStatus: can('tag:change-status'),
  };

  const { filters, setFilters } = useListParams<{ text?: string; isActive?: string }>({ isActive: 'true' });
  const appliedText = filters.text?.trim() ?? '';
  const showInactive = filters.isActive === SHOW_ALL;
  const query: ListTagGroupsQuery = useMemo(
    () => ({ text: appliedText || undefined, isActive: showInactive ? undefined : true }),
    [appliedText, showInactive],
  );

  const [text, setText] = useState(appliedText);
  const applyText = useDebouncedCallback(
    (value: string) => setFilters({ text: value.trim() || undefined, isActive: filters.isActive }),
    SEARCH_DELAY_MS,
  );
  // Reordering a narrowed list would leave the hidden groups out of the order, so a search stops it.
  const isFiltered = appliedText !== '' || text.trim() !== '';

  const list = useTagGroups(query);
  const reorder = useReorderTagGroups(query);
  const groups = list.data?.items;
  const mainGroup = groups?.find((group) => group.isMainTagGroup) ?? null;

  const [groupDialog, setGroupDialog] = useState<GroupDialog>({ opened: false, group: null });
  const [tagDialog, setTagDialog] = useState<TagDialog>({ opened: false, group: null, tag: null });
  const [groupToDelete, setGroupToDelete] = useState<TagGroupDto | null>(null);
  const [tagToDelete, setTagToDelete] = useState<TagDto | null>(null);
  const [tagToSwitch, setTagToSwitch] = useState<TagDto | null>(null);

  const createButton = permissions.add && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setGroupDialog({ opened: true, group: null })}>
      {t('tags.actions.createGroup')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('tags.title')}>
        <TextInput
          aria-label={t('tags.filter.text')}
          placeholder={t('tags.filter.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            applyText(event.currentTarget.value);
          }}
        />
        {createButton}
      </PageHeader>
      <Group mb="md">
        <Switch
          label={t('tags.filter.showInactive')}
          checked={showInactive}
          onChange={(event) =>
            setFilters({ text: appliedText || undefined, isActive: event.currentTarget.checked ? SHOW_ALL : 'true' })
          }
        />
      </Group>
      <TagGroupsTable
        groups={groups}
        isLoading={list.isFetching}
        isError={list.isError}
        onRetry={() => void list.refetch()}
        isFiltered={isFiltered}
        permissions={permissions}
        emptyAction={createButton}
        onReorder={(ids) => reorder.mutate(ids)}
        onAddTag={(group) => setTagDialog({ opened: true, group, tag: null })}
        onEditGroup={(group) => setGroupDialog({ opened: true, group })}
        onDeleteGroup={setGroupToDelete}
        onEditTag={(tag, group) => setTagDialog({ opened: true, group, tag })}
        onDeleteTag={setTagToDelete}
        onChangeTagStatus={setTagToSwitch}
      />
      <TagGroupFormDialog
        opened={groupDialog.opened}
        group={groupDialog.group}
        mainGroup={mainGroup}
        onClose={() => setGroupDialog((dialog) => ({ ...dialog, opened: false }))}
      />
      <TagFormDialog
        opened={tagDialog.opened}
        group={tagDialog.group}
        tag={tagDialog.tag}
        onClose={() => setTagDialog((dialog) => ({ ...dialog, opened: false }))}
      />
      <DeleteTagGroupDialog group={groupToDelete} onClose={() => setGroupToDelete(null)} />
      <DeleteTagDialog tag={tagToDelete} onClose={() => setTagToDelete(null)} />
      <TagStatusDialog tag={tagToSwitch} onClose={() => setTagToSwitch(null)} />
    </>
  );
}
