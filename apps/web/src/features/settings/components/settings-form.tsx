import { REMINDER_LIMITS, SESSION_LIMITS, type FirmSettings, type FirmSettingsDto } from '@ledgerport/shared';
import { Button, Group, NumberInput, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';
import { useSaveConflict } from '@/lib/conflicts';
import { notify } from '@/lib/notify';
import { useActiveServices } from '@/lib/reference-data/get-active-services';
import { servicesToSelectData } from '@/lib/reference-data/select-data';
import { firmSettingsQueryOptions, useSaveFirmSettings } from '../api/settings';

type NumberField =
  | 'sessionIdleMinutesStaff'
  | 'sessionIdleMinutesClients'
  | 'sessionAbsoluteHours'
  | 'reminderDaysBefore'
  | 'reminderEveryDaysOverdue'
  | 'reminderMaxCount';

/**
 * The firm's two-factor requirement, session lifetimes, default request reminder cadence and the
 * service secure messages' attachments are filed under (administrators, setting:edit).
 */
const valuesOf = ({ version: _version, ...values }: FirmSettingsDto): FirmSettings => values;

export function SettingsForm({ settings }: { settings: FirmSettingsDto }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useSaveFirmSettings();
  const services = useActiveServices({ clientId: null });
  const { control, handleSubmit, reset, getValues, setValue } = useForm<FirmSettings>({
    defaultValues: valuesOf(settings),
  });
  const conflicts = useSaveConflict<FirmSettings>(settings.version, useState(() => valuesOf(settings))[0], (v) => v);
  // After a save the form holds what was saved: its version is the next save's If-Match.
  const [savedVersion, setSavedVersion] = useState<string | null>(null);

  const submit = async (values: FirmSettings, version = savedVersion ?? conflicts.version) => {
    try {
      const saved = await save.mutateAsync({ values, version });
      setSavedVersion(saved.version);
      reset(valuesOf(saved));
      notify.success(t('security.settings.saved'), { key: 'firm-settings' });
    } catch (error) {
      const latest = async () => {
        const current = await queryClient.fetchQuery({ ...firmSettingsQueryOptions(), staleTime: 0 });
        return { values: valuesOf(current), version: current.version };
      };
      if (await conflicts.catchStale(error, latest)) {
        setSavedVersion(null);
        return;
      }
      notify.error(t('security.settings.saveError'), { key: 'firm-settings' });
    }
  };
  const onSubmit = handleSubmit((values) => submit(values));

  const numberField = (name: NumberField, label: string, limits: { min: number; max: number }, help?: string) => (
    <Controller
      control={control}
      name={name}
      rules={{
        validate: (value) =>
          (Number.isInteger(value) && value >= limits.min && value <= limits.max) ||
          t('security.settings.range', limits),
      }}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={help}
          min={limits.min}
          max={limits.max}
          allowDecimal={false}
          allowNegative={false}
          maw={320}
          value={field.value}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg" maw={720}>
        <FormConflictAlert
          conflicts={conflicts}
          form={{ getValues, setValue }}
          labels={{
            twoFactorRequiredForStaff: t('security.settings.requiredForStaff'),
            twoFactorRequiredForClients: t('security.settings.requiredForClients'),
            sessionIdleMinutesStaff: t('security.settings.idleStaff'),
            sessionIdleMinutesClients: t('security.settings.idleClients'),
            sessionAbsoluteHours: t('security.settings.absolute'),
            reminderDaysBefore: t('security.settings.reminderDaysBefore'),
            reminderOnDueDate: t('security.settings.reminderOnDueDate'),
            reminderEveryDaysOverdue: t('security.settings.reminderEveryDaysOverdue'),
            reminderMaxCount: t('security.settings.reminderMaxCount'),
            messagesServiceId: t('security.settings.messagesService'),
          }}
          busy={save.isPending}
          onOverwrite={() => void handleSubmit((values) => submit(values, conflicts.overwriteVersion()))()}
        />
        <Paper withBorder p="md" component="section" aria-labelledby="settings-two-factor">
          <Stack gap="sm">
            <Title order={2} size="h4" id="settings-two-factor">
              {t('security.settings.twoFactorHeading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('security.settings.requiredHelp')}
            </Text>
            {(['twoFactorRequiredForStaff', 'twoFactorRequiredForClients'] as const).map((name) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <Switch
                    label={t(
                      name === 'twoFactorRequiredForStaff'
                        ? 'security.settings.requiredForStaff'
                        : 'security.settings.requiredForClients',
                    )}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                  />
                )}
              />
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="settings-sessions">
          <Stack gap="sm">
            <Title order={2} size="h4" id="settings-sessions">
              {t('security.settings.sessionsHeading')}
            </Title>
            {numberField('sessionIdleMinutesStaff', t('security.settings.idleStaff'), SESSION_LIMITS.idleMinutes)}
            {numberField('sessionIdleMinutesClients', t('security.settings.idleClients'), SESSION_LIMITS.idleMinutes)}
            {numberField(
              'sessionAbsoluteHours',
              t('security.settings.absolute'),
              SESSION_LIMITS.absoluteHours,
              t('security.settings.absoluteHelp'),
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="settings-reminders">
          <Stack gap="sm">
            <Title order={2} size="h4" id="settings-reminders">
              {t('security.settings.remindersHeading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('security.settings.remindersHelp')}
            </Text>
            {numberField(
              'reminderDaysBefore',
              t('security.settings.reminderDaysBefore'),
              REMINDER_LIMITS.daysBefore,
              t('security.settings.reminderDaysBeforeHelp'),
            )}
            <Controller
              control={control}
              name="reminderOnDueDate"
              render={({ field }) => (
                <Switch
                  label={t('security.settings.reminderOnDueDate')}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  onBlur={field.onBlur}
                />
              )}
            />
            {numberField(
              'reminderEveryDaysOverdue',
              t('security.settings.reminderEveryDaysOverdue'),
              REMINDER_LIMITS.everyDaysOverdue,
            )}
            {numberField(
              'reminderMaxCount',
              t('security.settings.reminderMaxCount'),
              REMINDER_LIMITS.maxCount,
              t('security.settings.reminderMaxCountHelp'),
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="settings-messages">
          <Stack gap="sm">
            <Title order={2} size="h4" id="settings-messages">
              {t('security.settings.messagesHeading')}
            </Title>
            <Controller
              control={control}
              name="messagesServiceId"
              render={({ field }) => (
                <Select
                  label={t('security.settings.messagesService')}
                  description={t('security.settings.messagesServiceHelp')}
                  placeholder={t('security.settings.messagesServiceNone')}
                  data={servicesToSelectData(services.data ?? [])}
                  value={field.value === null ? null : String(field.value)}
                  onChange={(value) => field.onChange(value === null ? null : Number(value))}
                  onBlur={field.onBlur}
                  clearable
                  maw={320}
                />
              )}
            />
          </Stack>
        </Paper>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('security.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
