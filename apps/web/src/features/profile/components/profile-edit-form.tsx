import { PROFILE_PICTURE, profileFormSchema, type ProfileDto } from '@ledgerport/shared';
import { Button, FileButton, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { useSaveConflict } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { meQueryOptions } from '../api/get-me';
import { useMyProfilePicture } from '../api/get-profile-picture';
import { useUpdateProfile, type PictureChange } from '../api/update-profile';
import { formResolver } from '@/lib/form-resolver';
import { pictureProblem, usePreview } from '@/lib/picture';
import { ProfileAvatar } from './profile-avatar';
import { PhoneField } from '@/components/ui/phone-input';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';

type FormValues = z.input<typeof profileFormSchema>;

const AVATAR_SIZE = 120;
const NOTICE_KEY = 'profile-save';

function formValuesOf(profile: ProfileDto): FormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phoneNumber: profile.phoneNumber ?? '',
    extension: profile.extension ?? '',
  };
}

/** The edit mode of the Profile screen (spec 01 section 5: profile edit). */
export function ProfileEditForm({
  profile,
  isClient,
  onDone,
}: {
  profile: ProfileDto;
  isClient: boolean;
  /** After a successful save or on Cancel. */
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const pictureErrorId = useId();
  const [picture, setPicture] = useState<PictureChange>({ kind: 'keep' });
  const [pictureError, setPictureError] = useState<string | null>(null);
  const stored = useMyProfilePicture(AVATAR_SIZE, { enabled: profile.hasProfilePicture });
  const preview = usePreview(picture.kind === 'replace' ? picture.file : null);
  const shown = picture.kind === 'replace' ? preview : picture.kind === 'remove' ? null : stored;
  const hasPicture = picture.kind === 'replace' || (picture.kind === 'keep' && profile.hasProfilePicture);

  const resolver = useMemo(
    () => formResolver(profileFormSchema, t, { extension: t('common.validation.extension') }),
    [t],
  );
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof profileFormSchema>>({
    resolver,
    defaultValues: formValuesOf(profile),
  });
  // Two tabs of one person can overwrite each other: the save sends the version this form loaded.
  const conflicts = useSaveConflict<FormValues>(profile.version, useState(() => formValuesOf(profile))[0], (v) => v);

  const choosePicture = (file: File | null) => {
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      setPictureError(t(`profile.picture.${problem}`));
      return;
    }
    setPictureError(null);
    setPicture({ kind: 'replace', file });
  };

  const save = async (values: z.output<typeof profileFormSchema>, version = conflicts.version) => {
    try {
      await update.mutateAsync({ values, picture, withExtension: !isClient, version });
      notify.success(t('profile.messages.saved'), { key: NOTICE_KEY });
      onDone();
    } catch (error) {
      const latest = async () => {
        const saved = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
        return { values: formValuesOf(saved), version: saved.version };
      };
      if (await conflicts.catchStale(error, latest)) return;
      const message = isApiError(error, 415) ? t('profile.picture.invalidType') : t('profile.messages.saveError');
      notify.error(message, { key: NOTICE_KEY });
    }
  };
  const onSubmit = handleSubmit((values) => save(values));

  return (
    <Paper withBorder p="xl" maw={760}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="lg">
          <FormConflictAlert
            conflicts={conflicts}
            form={{ getValues, setValue }}
            labels={{
              firstName: t('profile.fields.firstName'),
              lastName: t('profile.fields.lastName'),
              phoneNumber: t('profile.fields.phoneNumber'),
              extension: t('profile.fields.extension'),
            }}
            busy={update.isPending}
            onOverwrite={() => void handleSubmit((values) => save(values, conflicts.overwriteVersion()))()}
          />
          <Group gap="lg" align="center">
            <ProfileAvatar src={shown} firstName={profile.firstName} lastName={profile.lastName} size={AVATAR_SIZE} />
            <Stack gap="xs">
              <Group gap="sm">
                <FileButton
                  onChange={choosePicture}
                  accept={PROFILE_PICTURE.accept}
                  inputProps={{
                    'aria-label': t('profile.fields.picture'),
                    'aria-describedby': pictureError ? pictureErrorId : undefined,
                  }}
                >
                  {(props) => (
                    <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />}>
                      {hasPicture ? t('profile.picture.change') : t('profile.picture.upload')}
                    </Button>
                  )}
                </FileButton>
                {hasPicture && (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => {
                      setPictureError(null);
                      setPicture({ kind: 'remove' });
                    }}
                  >
                    {t('profile.picture.remove')}
                  </Button>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {t('profile.picture.hint')}
              </Text>
              {pictureError && (
                <Text id={pictureErrorId} size="sm" c="red" role="alert">
                  {pictureError}
                </Text>
              )}
            </Stack>
          </Group>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
            <TextInput
              label={t('profile.fields.firstName')}
              withAsterisk
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextInput
              label={t('profile.fields.lastName')}
              withAsterisk
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
            <PhoneField
              control={control}
              name="phoneNumber"
              label={t('profile.fields.phoneNumber')}
              withAsterisk
              error={errors.phoneNumber?.message}
            />
            {!isClient && (
              <Controller
                control={control}
                name="extension"
                render={({ field }) => (
                  <TextInput
                    label={t('profile.fields.extension')}
                    inputMode="numeric"
                    maxLength={4}
                    error={errors.extension?.message}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    // Masked to digits: spec 01 section 5 allows exactly four of them.
                    onChange={(event) => field.onChange(event.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
                  />
                )}
              />
            )}
            <TextInput label={t('profile.fields.emailAddress')} value={profile.emailAddress} disabled readOnly />
            <TextInput label={t('profile.fields.username')} value={profile.username} disabled readOnly />
          </SimpleGrid>

          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={update.isPending}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
