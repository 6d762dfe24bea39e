import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { TagDto, TagGroupDto } from '@ledgerport/shared';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconFolderStar,
  IconGripVertical,
  IconLock,
  IconLockOpen,
  IconPencil,
  IconTagPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface TagGroupsPermissions {
  add: boolean;
  edit: boolean;
  delete: boolean;
  changeStatus: boolean;
}

export interface TagGroupsTableProps {
  groups: TagGroupDto[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  /** A search is active: the no-results text instead of the empty one, and no reordering. */
  isFiltered: boolean;
  permissions: TagGroupsPermissions;
  /** Shown under the empty-state text when there is no data and no search (the create button). */
  emptyAction?: ReactNode;
  onReorder: (ids: number[]) => void;
  onAddTag: (group: TagGroupDto) => void;
  onEditGroup: (group: TagGroupDto) => void;
  onDeleteGroup: (group: TagGroupDto) => void;
  onEditTag: (tag: TagDto, group: TagGroupDto) => void;
  onDeleteTag: (tag: TagDto) => void;
  onChangeTagStatus: (tag: TagDto) => void;
}

/**
 * The tag groups in display order (spec 01 section 2.14). Rows are reordered by dragging their handle,
 * with the mouse or the keyboard (space to pick up, arrows to move, space to drop); the handle is off
 * while a search narrows the list, because the order of a partial list cannot be saved.
 */
export function TagGroupsTable(props: TagGroupsTableProps) {
  const { t } = useTranslation();
  const { groups, isFiltered, permissions } = props;
  const [selectedTagId, setSelectedTagId] = useState<number | null>(null);
  const reorderDisabled = isFiltered || !permissions.edit;

  const sensors = useSensors(
    // A small distance keeps a click on the handle from starting a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => (groups ?? []).map((group) => group.id), [groups]);
  const announcements = useAnnouncements(groups ?? []);

  // A tag's action ends its selection, so the chip is not left selected behind the dialog it opens.
  const rowProps: TagGroupsTableProps = {
    ...props,
    onEditTag: (tag, group) => {
      setSelectedTagId(null);
      props.onEditTag(tag, group);
    },
    onDeleteTag: (tag) => {
      setSelectedTagId(null);
      props.onDeleteTag(tag);
    },
    onChangeTagStatus: (tag) => {
      setSelectedTagId(null);
      props.onChangeTagStatus(tag);
    },
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    props.onReorder(arrayMove(ids, from, to));
  };

  let body: ReactNode = null;
  if (props.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between">
          <Text size="sm">{t('common.messages.fetchError')}</Text>
          <Button size="xs" variant="light" color="red" onClick={props.onRetry}>
            {t('errors.retry')}
          </Button>
        </Group>
      </Alert>
    );
  } else if (props.isLoading && !groups) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  } else if (!groups || groups.length === 0) {
    body = (
      <Stack align="center" py="xl" gap="sm">
        <Text c="dimmed">{isFiltered ? t('common.table.noResults') : t('common.table.empty')}</Text>
        {!isFiltered && props.emptyAction}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('tags.reorder.instructions') },
        }}
      >
        <Table.ScrollContainer minWidth={600}>
          <Table aria-label={t('tags.tableLabel')} verticalSpacing="sm" aria-busy={props.isLoading}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>
                  <VisuallyHidden>{t('tags.columns.order')}</VisuallyHidden>
                </Table.Th>
                <Table.Th w="25%">{t('tags.columns.displayName')}</Table.Th>
                <Table.Th>{t('tags.columns.tags')}</Table.Th>
                <Table.Th w={140}>{t('common.table.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            {!body && (
              <Table.Tbody>
                <SortableContext items={ids} strategy={verticalListSortingStrategy}>
                  {groups!.map((group) => (
                    <SortableRow
                      key={group.id}
                      group={group}
                      reorderDisabled={reorderDisabled}
                      selectedTagId={selectedTagId}
                      onSelectTag={(tagId) => setSelectedTagId((current) => (current === tagId ? null : tagId))}
                      {...rowProps}
                    />
                  ))}
                </SortableContext>
              </Table.Tbody>
            )}
          </Table>
        </Table.ScrollContainer>
      </DndContext>
      {body}
    </Stack>
  );
}

/** What screen readers hear while a group is moved, named by its display name and position. */
function useAnnouncements(groups: TagGroupDto[]): Announcements {
  const { t } = useTranslation();
  return useMemo(() => {
    const name = (id: UniqueIdentifier) => groups.find((group) => group.id === Number(id))?.displayName ?? '';
    const position = (id: UniqueIdentifier) => groups.findIndex((group) => group.id === Number(id)) + 1;
    const count = groups.length;
    return {
      onDragStart: ({ active }) => t('tags.reorder.picked', { name: name(active.id) }),
      onDragOver: ({ active, over }) =>
        over ? t('tags.reorder.over', { name: name(active.id), position: position(over.id), count }) : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t('tags.reorder.dropped', { name: name(active.id), position: position(over.id), count })
          : t('tags.reorder.cancelled', { name: name(active.id) }),
      onDragCancel: ({ active }) => t('tags.reorder.cancelled', { name: name(active.id) }),
    };
  }, [groups, t]);
}

interface SortableRowProps extends TagGroupsTableProps {
  group: TagGroupDto;
  reorderDisabled: boolean;
  selectedTagId: number | null;
  onSelectTag: (tagId: number) => void;
}

function SortableRow({
  group,
  reorderDisabled,
  selectedTagId,
  onSelectTag,
  permissions,
  ...actions
}: SortableRowProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: group.id,
    disabled: reorderDisabled,
    attributes: { roleDescription: t('tags.reorder.roleDescription') },
  });
  const name = group.displayName;

  return (
    <Table.Tr
      ref={setNodeRef}
      style={{
        // Rows only move up and down.
        transform: CSS.Translate.toString(transform && { ...transform, x: 0 }),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        background: isDragging ? 'var(--mantine-color-body)' : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
    >
      <Table.Td>
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          {...attributes}
          {...listeners}
          disabled={reorderDisabled}
          aria-label={t('tags.reorder.handle', { name })}
          title={reorderDisabled && permissions.edit ? t('tags.reorder.handleDisabled') : undefined}
          style={{ cursor: reorderDisabled ? 'not-allowed' : isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {group.isMainTagGroup && (
            <Tooltip label={t('tags.mainTagGroup')}>
              <IconFolderStar
                size={18}
                role="img"
                aria-label={t('tags.mainTagGroup')}
                color="var(--mantine-color-yellow-7)"
              />
            </Tooltip>
          )}
          <Text size="sm" fw={500}>
            {name}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        {group.tags.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('tags.noTags')}
          </Text>
        ) : (
          <Group gap={6}>
            {group.tags.map((tag) => (
              <TagChip
                key={tag.id}
                tag={tag}
                color={group.color}
                selected={selectedTagId === tag.id}
                onSelect={() => onSelectTag(tag.id)}
                permissions={permissions}
                onEdit={() => actions.onEditTag(tag, group)}
                onDelete={() => actions.onDeleteTag(tag)}
                onChangeStatus={() => actions.onChangeTagStatus(tag)}
              />
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {permissions.add && (
            <ActionIcon
              variant="subtle"
              aria-label={t('tags.actions.addTag', { name })}
              onClick={() => actions.onAddTag(group)}
            >
              <IconTagPlus size={18} aria-hidden />
            </ActionIcon>
          )}
          {permissions.edit && (
            <ActionIcon
              variant="subtle"
              aria-label={t('tags.actions.editGroup', { name })}
              onClick={() => actions.onEditGroup(group)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          )}
          {permissions.delete && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('tags.actions.deleteGroup', { name })}
              onClick={() => actions.onDeleteGroup(group)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * A tag in its group's colour (grey when inactive). Selecting it reveals its own actions next to it,
 * each named after the tag for screen readers and tests.
 */
function TagChip({
  tag,
  color,
  selected,
  onSelect,
  permissions,
  onEdit,
  onDelete,
  onChangeStatus,
}: {
  tag: TagDto;
  color: string;
  selected: boolean;
  onSelect: () => void;
  permissions: TagGroupsPermissions;
  onEdit: () => void;
  onDelete: () => void;
  onChangeStatus: () => void;
}) {
  const { t } = useTranslation();
  const name = tag.displayName;
  const hasActions = permissions.changeStatus || permissions.edit || permissions.delete;
  return (
    <Group gap={2} wrap="nowrap">
      <Button
        size="compact-sm"
        radius="xl"
        variant="filled"
        color={tag.isActive ? color : 'gray.5'}
        autoContrast
        aria-pressed={hasActions ? selected : undefined}
        onClick={hasActions ? onSelect : undefined}
        style={{
          cursor: hasActions ? 'pointer' : 'default',
          outline: selected ? '2px solid var(--mantine-color-dark-4)' : undefined,
          outlineOffset: 1,
        }}
      >
        {name}
        {!tag.isActive && <VisuallyHidden>{` (${t('common.status.inactive')})`}</VisuallyHidden>}
      </Button>
      {selected && (
        <Group gap={0} wrap="nowrap" role="group" aria-label={t('tags.actions.tagActions', { name })}>
          {permissions.changeStatus && (
            <ActionIcon
              variant="subtle"
              size="sm"
              color={tag.isActive ? 'orange' : 'teal'}
              aria-label={t(tag.isActive ? 'tags.actions.deactivateTag' : 'tags.actions.activateTag', { name })}
              onClick={onChangeStatus}
            >
              {tag.isActive ? <IconLock size={16} aria-hidden /> : <IconLockOpen size={16} aria-hidden />}
            </ActionIcon>
          )}
          {permissions.edit && (
            <ActionIcon variant="subtle" size="sm" aria-label={t('tags.actions.editTag', { name })} onClick={onEdit}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          )}
          {permissions.delete && (
            <ActionIcon
              variant="subtle"
              size="sm"
              color="red"
              aria-label={t('tags.actions.deleteTag', { name })}
              onClick={onDelete}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      )}
    </Group>
  );
}
