import { activatedGroupIds, mainTagsForService, toggleTag, type DocumentTagGroupOption } from '@ledgerport/shared';
import { ColorSwatch, Fieldset, Input, Select, SimpleGrid } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTagGroups } from '@/lib/reference-data/get-tag-groups';

/**
 * Tags grouped by tag group with the main-group rule of spec 02 section 4 (shared/documents/tag-selection).
 * Used by the upload and edit dialogs and by the items of requests and request templates.
 */
export interface TagPickerProps {
  /** Tags are offered once a service is chosen. */
  serviceId: number | null;
  value: number[];
  onChange: (tagIds: number[]) => void;
  /** Shown under the picker (e.g. the first tag-rule problem). */
  error?: string;
  disabled?: boolean;
}

/** The groups on screen: the main group always, the others only once the chosen main tag activates them. */
function visibleGroups(groups: readonly DocumentTagGroupOption[], serviceId: number | null, value: readonly number[]) {
  const activated = new Set(activatedGroupIds(groups, value));
  const offeredMain = new Set(mainTagsForService(groups, serviceId).map((tag) => tag.id));
  return groups
    .filter((group) => group.isMainTagGroup || activated.has(group.id))
    .map((group) => ({
      group,
      tags: group.isMainTagGroup ? group.tags.filter((tag) => offeredMain.has(tag.id)) : group.tags,
    }));
}

export function TagPicker({ serviceId, value, onChange, error, disabled }: TagPickerProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const tagGroups = useTagGroups();
  const groups = tagGroups.data ?? [];
  const noService = serviceId === null;

  const choose = (group: DocumentTagGroupOption, selected: string | null) => {
    const current = group.tags.find((tag) => value.includes(tag.id));
    // A cleared select un-picks the group's tag; picking another replaces it (one tag per group).
    const tagId = selected === null ? current?.id : Number(selected);
    if (tagId !== undefined) onChange(toggleTag(groups, value, tagId));
  };

  return (
    <Fieldset legend={t('documentUpload.tags.label')} variant="unstyled" aria-describedby={error ? errorId : undefined}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {visibleGroups(groups, serviceId, value).map(({ group, tags }) => {
          const chosen = tags.find((tag) => value.includes(tag.id));
          return (
            <Select
              key={group.id}
              label={group.displayName}
              placeholder={noService ? t('documentUpload.tags.chooseServiceFirst') : t('documentUpload.tags.choose')}
              data={tags.map((tag) => ({ value: String(tag.id), label: tag.displayName }))}
              value={chosen ? String(chosen.id) : null}
              onChange={(selected) => choose(group, selected)}
              leftSection={<ColorSwatch color={group.color} size={12} aria-hidden />}
              nothingFoundMessage={t('documentUpload.tags.noneForService')}
              disabled={disabled || noService || tagGroups.isPending}
              withAsterisk={!noService && (group.isMainTagGroup ? tags.length > 0 : true)}
              clearable
              searchable
            />
          );
        })}
      </SimpleGrid>
      {error && (
        <Input.Error id={errorId} mt="xs">
          {error}
        </Input.Error>
      )}
      {tagGroups.isError && <Input.Error mt="xs">{t('documentUpload.tags.loadError')}</Input.Error>}
    </Fieldset>
  );
}
