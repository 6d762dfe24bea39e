import { tagInputSchema, type CatalogServiceDto, type TagDto, type TagGroupDto } from '@ledgerport/shared';
import { Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { checkTagAvailability } from '../api/check-tag-availability';
import { useCreateTag } from '../api/create-tag';
import { useUpdateTag } from '../api/update-tag';
import { getTag } from '../api/get-tag';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';
import { useSaveConflict } from '@/lib/conflicts';
import { UNIQUE_FIELDS, useUniquenessCheck, type UniqueField } from '@/lib/use-uniqueness-check';
import { formResolver } from '@/lib/form-resolver';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { useTagGroupOptions } from '@/lib/reference-data/get-tag-group-options';

type FormValues = z.input<typeof tagInputSchema>;
type TagGroupRef = Pick<TagGroupDto, 'id' | 'displayName' | 'isMainTagGroup'>;

/** The services multi-select holds ids as numbers, as the contract does. */
const serviceItems = (services: CatalogServiceDto[]) =>
  services.map((service) => ({ value: service.id, label: service.displayName }));

/** The form's values for a tag, or a new one's. */
function valuesOf(tag: TagDto | null): FormValues {
  return {
    name: tag?.name ?? '',
    displayName: tag?.displayName ?? '',
    servicesItDepends: tag?.servicesItDepends ?? [],
    tagGroupsItActivates: tag?.tagGroupsItActivates ?? [],
  };
}

export interface TagFormDialogProps {
  opened: boolean;
  /** The group the tag belongs (or will belong) to. */
  group: TagGroupRef | null;
  /** The tag to edit; null to add one to `group`. */
  tag: TagDto | null;
  onClose: () => void;
}

/** Create or edit a tag. The form lives only while the dialog is open, so closing resets it. */
export function TagFormDialog({ opened, group, tag, onClose }: TagFormDialogProps) {
  const { t } = useTranslation();
  const title = tag ? t('tags.tagForm.editTitle') : t('tags.tagForm.createTitle', { group: group?.displayName ?? '' });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common.actions.close') }}
    >
      {opened && group && <TagForm key={tag?.id ?? `new-${group.id}`} group={group} tag={tag} onDone={onClose} />}
    </Modal>
  );
}

function TagForm({ group, tag, onDone }: { group: TagGroupRef; tag: TagDto | null; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateTag({ onSuccess: onDone });
  const update = useUpdateTag({ onSuccess: onDone });
  // Services and activated groups only mean something for the main group's tags (spec 01 section 3).
  const isMain = group.isMainTagGroup;
  const services = useActiveServices({ clientId: null }, { enabled: isMain, select: serviceItems });
  const groups = useTagGroupOptions({ enabled: isMain });
  const groupOptions = useMemo(
    () =>
      (groups.data ?? [])
        .filter((option) => Number(option.value) !== group.id)
        .map((option) => ({ value: Number(option.value), label: option.displayText })),
    [groups.data, group.id],
  );

  const resolver = useMemo(() => formResolver(tagInputSchema, t), [t]);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof tagInputSchema>>({ resolver, defaultValues: valuesOf(tag) });
  // The version the list showed goes with the save (If-Match); a 412 keeps what was typed.
  const conflicts = useSaveConflict<FormValues>(tag?.version, useState(() => valuesOf(tag))[0], (values) => values);

  const original = useMemo(() => (tag ? { name: tag.name, displayName: tag.displayName } : null), [tag]);
  const isAvailable = useCallback(
    (field: UniqueField, value: string) => checkTagAvailability(group.id, field, value),
    [group.id],
  );
  const checkUnique = useUniquenessCheck(original, isAvailable);

  const checkOnBlur = async (field: UniqueField) => {
    const value = getValues(field);
    const message = await checkUnique(field, value);
    if (getValues(field) !== value) return; // the user typed on while the answer travelled
    if (message) setError(field, { type: 'taken', message });
    else if (errors[field]?.type === 'taken') clearErrors(field);
  };

  /** A save met a 412: what the other person saved, to show which fields they changed. */
  const latest = async () => {
    const saved = await getTag(tag!.id);
    return { values: valuesOf(saved), version: saved.version };
  };

  // Uniqueness first, then the form's own rules; the call is made only when both pass (spec 01 section 5).
  const submit = async (version = conflicts.version) => {
    const taken = await Promise.all(UNIQUE_FIELDS.map((field) => checkUnique(field, getValues(field))));
    await handleSubmit(async (values) => {
      if (taken.some(Boolean)) return;
      const input = isMain ? values : { ...values, servicesItDepends: [], tagGroupsItActivates: [] };
      if (!tag) {
        create.mutate({ ...input, tagGroupId: group.id });
        return;
      }
      try {
        await update.mutateAsync({ id: tag.id, input, version });
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

  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            name: t('tags.tagForm.name'),
            displayName: t('tags.tagForm.displayName'),
            servicesItDepends: t('tags.tagForm.servicesItDepends'),
            tagGroupsItActivates: t('tags.tagForm.tagGroupsItActivates'),
          }}
          busy={pending}
          onOverwrite={() => void submit(conflicts.overwriteVersion())}
        />
        <TextInput
          label={t('tags.tagForm.name')}
          withAsterisk
          error={errors.name?.message}
          {...register('name', { onBlur: () => void checkOnBlur('name') })}
        />
        <TextInput
          label={t('tags.tagForm.displayName')}
          withAsterisk
          error={errors.displayName?.message}
          {...register('displayName', { onBlur: () => void checkOnBlur('displayName') })}
        />
        {isMain && (
          <>
            <Controller
              control={control}
              name="servicesItDepends"
              render={({ field }) => (
                <MultiSelect<number>
                  label={t('tags.tagForm.servicesItDepends')}
                  data={services.data ?? []}
                  value={(field.value ?? []) as number[]}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  searchable
                  clearable
                  nothingFoundMessage={t('tags.tagForm.nothingFound')}
                  error={services.isError ? t('common.messages.fetchError') : errors.servicesItDepends?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="tagGroupsItActivates"
              render={({ field }) => (
                <MultiSelect<number>
                  label={t('tags.tagForm.tagGroupsItActivates')}
                  data={groupOptions}
                  value={(field.value ?? []) as number[]}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  searchable
                  clearable
                  nothingFoundMessage={t('tags.tagForm.nothingFound')}
                  error={groups.isError ? t('common.messages.fetchError') : errors.tagGroupsItActivates?.message}
                />
              )}
            />
          </>
        )}
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
