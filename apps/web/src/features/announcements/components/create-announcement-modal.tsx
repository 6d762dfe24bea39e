import {
  createAnnouncementInputSchema,
  utcToday,
  type CreateAnnouncementData,
  type CreateAnnouncementInput,
} from '@ledgerport/shared';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '@/lib/dates';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { useCreateAnnouncement } from '../api/create-announcement';
import { LazyRichTextField } from '@/components/ui/rich-text-field';

const EDITOR_HEIGHT = 160;
const MODAL_WIDTH = 760;

/** Create an announcement (spec 02 sections 2, 5 and 8): title, two rich texts, optional expiration date. */
export function CreateAnnouncementModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('announcements.form.title')} size={MODAL_WIDTH} centered>
      {opened && <CreateAnnouncementForm onDone={onClose} />}
    </Modal>
  );
}

function CreateAnnouncementForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateAnnouncement();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<CreateAnnouncementInput, unknown, CreateAnnouncementData>({
    resolver: formResolver(createAnnouncementInputSchema, t),
    defaultValues: { title: '', body: '', acknowledgmentText: '', expirationDate: '' },
  });

  const submit = async (input: CreateAnnouncementData) => {
    try {
      const created = await create.mutateAsync(input);
      notify.success(t('announcements.messages.created', { name: created.title }), { key: 'announcement-create' });
      onDone();
    } catch {
      notify.error(t('announcements.messages.createError'), { key: 'announcement-create' });
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('announcements.form.announcementTitle')}
          required
          error={errors.title?.message}
          disabled={create.isPending}
          data-autofocus
          {...register('title')}
        />
        <RichTextField
          control={control}
          name="body"
          label={t('announcements.form.body')}
          error={errors.body?.message}
        />
        <RichTextField
          control={control}
          name="acknowledgmentText"
          label={t('announcements.form.acknowledgmentText')}
          error={errors.acknowledgmentText?.message}
        />
        <Controller
          control={control}
          name="expirationDate"
          render={({ field }) => (
            <DatePickerInput
              label={t('announcements.form.expirationDate')}
              description={t('announcements.form.expirationHint')}
              // The rule is the server's date in UTC (see the shared contract): earlier days cannot be picked.
              minDate={utcToday()}
              valueFormat={DATE_FORMAT.table}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={errors.expirationDate?.message}
              disabled={create.isPending}
              maw={260}
              clearable
              clearButtonProps={{ 'aria-label': t('announcements.form.clearExpirationDate') }}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('announcements.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RichTextField({
  control,
  name,
  label,
  error,
}: {
  control: Control<CreateAnnouncementInput, unknown, CreateAnnouncementData>;
  name: 'body' | 'acknowledgmentText';
  label: string;
  error: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LazyRichTextField
          label={label}
          value={field.value}
          onChange={field.onChange}
          error={error}
          height={EDITOR_HEIGHT}
          required
          withCode
        />
      )}
    />
  );
}
