import { REQUEST_ITEM_KIND, REQUEST_LIMITS, acceptsFiles, type RequestItemKind } from '@ledgerport/shared';
import {
  ActionIcon,
  Button,
  Group,
  Input,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagPicker } from '@/components/ui/tag-picker';
import { newItemDraft, type RequestItemDraft } from '../lib/request-item-drafts';

export interface RequestItemsEditorErrors {
  /** About the list as a whole ("Add at least one item"). */
  items?: string;
  /** Per row, in the rows' order. */
  rows?: Array<{ title?: string; tagIds?: string } | undefined>;
}

export interface RequestItemsEditorProps {
  value: RequestItemDraft[];
  onChange: (items: RequestItemDraft[]) => void;
  /** The request's or template's service: the tag picker offers its tags once it is chosen. */
  serviceId: number | null;
  /** Already in the user's words. */
  errors?: RequestItemsEditorErrors;
  disabled?: boolean;
}

const KINDS = [
  { value: REQUEST_ITEM_KIND.documents, label: 'requests.itemKind.documents' },
  { value: REQUEST_ITEM_KIND.answer, label: 'requests.itemKind.answer' },
  { value: REQUEST_ITEM_KIND.both, label: 'requests.itemKind.both' },
] as const;

/** Which control gets the focus after the list changed under it (a moved row is re-rendered elsewhere). */
type Focus = { key: string; control: 'up' | 'down' | 'title' } | { key: null; control: 'add' };

/**
 * The items of a request or template: title, optional description, what the client gives and, for
 * documents, the tags their uploads get; rows move up and down and are removed, except a `locked`
 * row (the client has responded to it, and the API would refuse the edit).
 */
export function RequestItemsEditor({ value, onChange, serviceId, errors, disabled = false }: RequestItemsEditorProps) {
  const { t } = useTranslation();
  const listId = useId();
  const controls = useRef(new Map<string, HTMLElement | null>());
  const [focus, setFocus] = useState<Focus | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const full = value.length >= REQUEST_LIMITS.items;

  // Moving a row re-inserts its DOM node, which drops the focus: give it back once the list has changed.
  useEffect(() => {
    if (!focus) return;
    const wanted = controls.current.get(`${focus.key}:${focus.control}`);
    const fallback = focus.key
      ? controls.current.get(`${focus.key}:${focus.control === 'up' ? 'down' : 'up'}`)
      : undefined;
    const target = wanted && !wanted.hasAttribute('disabled') ? wanted : fallback;
    target?.focus();
    setFocus(null);
  }, [focus, value]);

  const ref = (key: string | null, control: Focus['control']) => (element: HTMLElement | null) => {
    controls.current.set(`${key}:${control}`, element);
  };

  const nameOf = (item: RequestItemDraft, index: number) =>
    item.title.trim() || t('requestTemplates.items.untitled', { number: index + 1 });

  const update = (key: string, changes: Partial<RequestItemDraft>) =>
    onChange(value.map((item) => (item.key === key ? { ...item, ...changes } : item)));

  const move = (index: number, offset: -1 | 1) => {
    const target = index + offset;
    if (target < 0 || target >= value.length) return;
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(target, 0, item!);
    onChange(next);
    setFocus({ key: item!.key, control: offset < 0 ? 'up' : 'down' });
    setAnnouncement(t('requestTemplates.items.moved', { title: nameOf(item!, index), number: target + 1 }));
  };

  const remove = (item: RequestItemDraft) => {
    if (item.locked) return;
    onChange(value.filter((candidate) => candidate.key !== item.key));
    setFocus({ key: null, control: 'add' });
  };

  const add = () => {
    if (full) return;
    const item = newItemDraft();
    onChange([...value, item]);
    setFocus({ key: item.key, control: 'title' });
  };

  return (
    <Stack gap="sm" role="group" aria-labelledby={`${listId}-label`}>
      <Text id={`${listId}-label`} size="sm" fw={500}>
        {t('requestTemplates.items.label')}
        <Text span c="red" aria-hidden>
          {' *'}
        </Text>
      </Text>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('requestTemplates.items.none')}
        </Text>
      )}
      {value.map((item, index) => (
        <ItemRow
          key={item.key}
          item={item}
          index={index}
          count={value.length}
          name={nameOf(item, index)}
          serviceId={serviceId}
          errors={errors?.rows?.[index]}
          disabled={disabled}
          refOf={(control) => ref(item.key, control)}
          onChange={(changes) => update(item.key, changes)}
          onMove={(offset) => move(index, offset)}
          onRemove={() => remove(item)}
        />
      ))}
      {errors?.items && <Input.Error>{errors.items}</Input.Error>}
      <Group gap="sm">
        <Button
          ref={ref(null, 'add')}
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={add}
          disabled={disabled || full}
        >
          {t('requestTemplates.items.add')}
        </Button>
        {full && (
          <Text size="sm" c="dimmed">
            {t('requestTemplates.items.limit', { max: REQUEST_LIMITS.items })}
          </Text>
        )}
      </Group>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </Stack>
  );
}

function ItemRow({
  item,
  index,
  count,
  name,
  serviceId,
  errors,
  disabled,
  refOf,
  onChange,
  onMove,
  onRemove,
}: {
  item: RequestItemDraft;
  index: number;
  count: number;
  name: string;
  serviceId: number | null;
  errors: { title?: string; tagIds?: string } | undefined;
  disabled: boolean;
  refOf: (control: 'up' | 'down' | 'title') => (element: HTMLElement | null) => void;
  onChange: (changes: Partial<RequestItemDraft>) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const lockedId = useId();
  const removeLabel = t('requestTemplates.items.remove', { title: name });

  return (
    <Paper component="section" withBorder p="sm" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="h6" id={headingId}>
            {t('requestTemplates.items.heading', { number: index + 1 })}
          </Title>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('requestTemplates.items.moveUp', { title: name })}>
              <ActionIcon
                ref={refOf('up')}
                variant="subtle"
                color="gray"
                aria-label={t('requestTemplates.items.moveUp', { title: name })}
                disabled={disabled || index === 0}
                onClick={() => onMove(-1)}
              >
                <IconArrowUp size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('requestTemplates.items.moveDown', { title: name })}>
              <ActionIcon
                ref={refOf('down')}
                variant="subtle"
                color="gray"
                aria-label={t('requestTemplates.items.moveDown', { title: name })}
                disabled={disabled || index === count - 1}
                onClick={() => onMove(1)}
              >
                <IconArrowDown size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={item.locked ? t('requestTemplates.items.locked') : removeLabel} multiline maw={260}>
              {/* A locked row's button stays focusable (aria-disabled), so the reason can be read and heard. */}
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={removeLabel}
                aria-disabled={item.locked || undefined}
                aria-describedby={item.locked ? lockedId : undefined}
                data-disabled={item.locked || undefined}
                disabled={disabled}
                onClick={onRemove}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {item.locked && (
          <Group gap={6} wrap="nowrap" id={lockedId}>
            <IconLock size={14} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {t('requestTemplates.items.locked')}
            </Text>
          </Group>
        )}
        <TextInput
          ref={refOf('title') as (element: HTMLInputElement | null) => void}
          label={t('requestTemplates.items.title')}
          required
          maxLength={REQUEST_LIMITS.itemTitle}
          value={item.title}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
          error={errors?.title}
          disabled={disabled}
        />
        <Textarea
          label={t('requestTemplates.items.description')}
          rows={2}
          maxLength={REQUEST_LIMITS.itemDescription}
          value={item.description}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
          disabled={disabled}
        />
        <Radio.Group
          label={t('requestTemplates.items.kind')}
          value={String(item.kind)}
          onChange={(kind) => onChange({ kind: Number(kind) as RequestItemKind })}
        >
          <Group gap="md" mt={4}>
            {KINDS.map((kind) => (
              <Radio key={kind.value} value={String(kind.value)} label={t(kind.label)} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
        {acceptsFiles(item.kind) && (
          <Stack gap={4}>
            <TagPicker
              serviceId={serviceId}
              value={item.tagIds}
              onChange={(tagIds) => onChange({ tagIds })}
              error={errors?.tagIds}
              disabled={disabled}
            />
            <Text size="xs" c="dimmed">
              {t('requestTemplates.items.tagsHint')}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
