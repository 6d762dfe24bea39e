import { SESSION_LIMITS, type FirmSettings } from '@ledgerport/shared';
import { Button, Group, NumberInput, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useSaveFirmSettings } from '../api/settings';

type NumberField = 'sessionIdleMinutesStaff' | 'sessionIdleMinutesClients' | 'sessionAbsoluteHours';

/** The firm's two-factor requirement and session lifetimes (administrators, setting:edit). */
export function SettingsForm({ settings }: { settings: FirmSettings }) {
  const { t } = useTranslation();
  const save = useSaveFirmSettings();
  const { control, handleSubmit, reset } = useForm<FirmSettings>({ defaultValues: settings });

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(await save.mutateAsync(values));
      notify.success(t('security.settings.saved'), { key: 'firm-settings' });
    } catch {
      notify.error(t('security.settings.saveError'), { key: 'firm-settings' });
    }
  });

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
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('security.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
