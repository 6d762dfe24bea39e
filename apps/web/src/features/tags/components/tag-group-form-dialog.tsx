import { tagGroupInputSchema, type TagGroupDto } from '@ledgerport/shared';
import { Button, ColorInput, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { checkTagGroupAvailability } from '../api/check-tag-group-availability';
import { useCreateTagGroup } from '../api/create-tag-group';
import { useUpdateTagGroup } from '../api/update-tag-group';
import { getTagGroup } from '../api/get-tag-group';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';
import { useSaveConflict } from '@/lib/conflicts';
import { UNIQUE_FIELDS, useUniquenessCheck, type UniqueField } from '@/lib/use-uniqueness-check';
import { formResolver } from '@/lib/form-resolver';

type FormValues = z.input<typeof tagGroupInputSchema>;

/** A few distinct colours to pick from; any #RRGGBB may be typed. */
const SWATCHES = ['#3949AB', '#00897B', '#F4511E', '#8E24AA', '#43A047', '#1E88E5', '#FDD835', '#6D4C41', '#546E7A'];
const DEFAULT_COLOR = SWATCHES[0]!;

/** The form's values for a group, or a new one's. */
function valuesOf(group: TagGroupDto | null): FormValues {
  return {
    name: group?.name ?? '',
    displayName: group?.displayName ?? '',
    color: group?.color ?? DEFAULT_COLOR,
    isMainTagGroup: group?.isMainTagGroup ?? false,
  };
}

export interface TagGroupFormDialogProps {
  opened: boolean;
  /** The group to edit; null to create one. */
  group: TagGroupDto | null;
  /** The current main group, if any: only one group may be the main one. */
  mainGroup: Pick<TagGroupDto, 'id' | 'displayName'> | null;
  onClose: () => void;
}

/** Create or edit a tag group. The form lives only while the dialog is open, so closing resets it. */
export function TagGroupFormDialog({ opened, group, mainGroup, onClose }: TagGroupFormDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(group ? 'tags.groupForm.editTitle' : 'tags.groupForm.createTitle')}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {opened && <TagGroupForm key={group?.id ?? 'new'} group={group} mainGroup={mainGroup} onDone={onClose} />}
    </Modal>
  );
}

function TagGroupForm({
  group,
  mainGroup,
  onDone,
}: {
  group: TagGroupDto | null;
  mainGroup: TagGroupFormDialogProps['mainGroup'];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTagGroup({ onSuccess: onDone });
  const update = useUpdateTagGroup({ onSuccess: onDone });
  const resolver = useMemo(() => formResolver(tagGroupInputSchema, t, { color: t('tags.validation.color') }), [t]);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof tagGroupInputSchema>>({ resolver, defaultValues: valuesOf(group) });
  // The version the list showed goes with the save (If-Match); a 412 keeps what was typed.
  const conflicts = useSaveConflict<FormValues>(group?.version, useState(() => valuesOf(group))[0], (values) => values);

  const original = useMemo(() => (group ? { name: group.name, displayName: group.displayName } : null), [group]);
  const checkUnique = useUniquenessCheck(original, checkTagGroupAvailability);

  const checkOnBlur = async (field: UniqueField) => {
    const value = getValues(field);
    const message = await checkUnique(field, value);
    if (getValues(field) !== value) return; // the user typed on while the answer travelled
    if (message) setError(field, { type: 'taken', message });
    else if (errors[field]?.type === 'taken') clearErrors(field);
  };

  /** A save met a 412: what the other person saved, to show which fields they changed. */
  const latest = async () => {
    const saved = await getTagGroup(group!.id);
    return { values: valuesOf(saved), version: saved.version };
  };

  // Uniqueness first, then the form's own rules; the call is made only when both pass (spec 01 section 5).
  const submit = async (version = conflicts.version) => {
    const taken = await Promise.all(UNIQUE_FIELDS.map((field) => checkUnique(field, getValues(field))));
    await handleSubmit(async (input) => {
      if (taken.some(Boolean)) return;
      if (!group) {
        create.mutate(input);
        return;
      }
      try {
        await update.mutateAsync({ id: group.id, input, version });
      } catch (error) {
        // Any other failure was already reported by the mutation.
        await conflicts.catchStale(error, latest);
      }
    })();
    UNIQUE_FIELDS.forEach((field, index) => {
      const message = taken[index];
      if (message) setError(field, { type: 'taken', message });
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const anotherIsMain = mainGroup !== null && mainGroup.id !== group?.id;
  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            name: t('tags.groupForm.name'),
            displayName: t('tags.groupForm.displayName'),
            color: t('tags.groupForm.color'),
            isMainTagGroup: t('tags.groupForm.isMainTagGroup'),
          }}
          busy={pending}
          onOverwrite={() => void submit(conflicts.overwriteVersion())}
        />
        <TextInput
          label={t('tags.groupForm.name')}
          withAsterisk
          error={errors.name?.message}
          {...register('name', { onBlur: () => void checkOnBlur('name') })}
        />
        <TextInput
          label={t('tags.groupForm.displayName')}
          withAsterisk
          error={errors.displayName?.message}
          {...register('displayName', { onBlur: () => void checkOnBlur('displayName') })}
        />
        <Controller
          control={control}
          name="color"
          render={({ field }) => (
            <ColorInput
              label={t('tags.groupForm.color')}
              withAsterisk
              format="hex"
              swatches={SWATCHES}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.color?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="isMainTagGroup"
          render={({ field }) => (
            <Switch
              label={t('tags.groupForm.isMainTagGroup')}
              description={
                anotherIsMain
                  ? t('tags.groupForm.mainTakenHint', { name: mainGroup.displayName })
                  : t('tags.groupForm.mainHint')
              }
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={anotherIsMain}
            />
          )}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {t('common.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
