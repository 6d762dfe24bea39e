import { REMINDER_LIMITS, type ReminderCadence } from '@ledgerport/shared';
import { Fieldset, NumberInput, Radio, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describeCadence } from '../lib/describe-cadence';
import type { RemindersDraft } from '../lib/request-reminders-draft';

type NumberPart = 'daysBefore' | 'everyDaysOverdue' | 'maxCount';

export interface RequestRemindersFieldsProps {
  value: RemindersDraft;
  onChange: (value: RemindersDraft) => void;
  /** The contract's refusals of the custom cadence's fields. */
  errors?: Partial<Record<NumberPart, string>>;
  /** The firm's schedule as it applies to this request now (a saved request knows it); null on a new one. */
  firmCadence: ReminderCadence | null;
  disabled?: boolean;
}

/**
 * The request form's "Reminders" part (issue 22 item 4): on or off, then the firm's schedule or a
 * cadence of the request's own. Number fields keep to the contract's ranges as they are typed; an
 * emptied one is refused by the form's resolver like any required field.
 */
export function RequestRemindersFields({
  value,
  onChange,
  errors = {},
  firmCadence,
  disabled,
}: RequestRemindersFieldsProps) {
  const { t } = useTranslation();
  const setCadence = (part: keyof ReminderCadence, next: number | boolean | '') =>
    onChange({ ...value, cadence: { ...value.cadence, [part]: next } });

  const numberField = (part: NumberPart, label: string, description?: string) => (
    <NumberInput
      label={label}
      description={description}
      required
      min={REMINDER_LIMITS[part].min}
      max={REMINDER_LIMITS[part].max}
      clampBehavior="strict"
      allowDecimal={false}
      allowNegative={false}
      value={value.cadence[part]}
      onChange={(next) => setCadence(part, typeof next === 'number' ? next : '')}
      error={errors[part]}
      disabled={disabled}
    />
  );

  return (
    <Fieldset legend={t('requests.reminders.heading')} variant="filled" disabled={disabled}>
      <Stack gap="sm">
        <Switch
          label={t('requests.reminders.enabled')}
          description={t('requests.reminders.enabledHelp')}
          checked={value.enabled}
          onChange={(event) => onChange({ ...value, enabled: event.currentTarget.checked })}
        />
        {value.enabled && (
          <>
            <Radio.Group
              label={t('requests.reminders.schedule')}
              value={value.schedule}
              onChange={(schedule) => onChange({ ...value, schedule: schedule === 'custom' ? 'custom' : 'firm' })}
            >
              <Stack gap="xs" mt={6}>
                <Radio value="firm" label={t('requests.reminders.firmSchedule')} />
                <Radio value="custom" label={t('requests.reminders.customSchedule')} />
              </Stack>
            </Radio.Group>
            {value.schedule === 'firm' ? (
              <Text size="sm" c="dimmed">
                {firmCadence
                  ? t('requests.reminders.firmScheduleNow', { cadence: describeCadence(t, firmCadence) })
                  : t('requests.reminders.firmScheduleHelp')}
              </Text>
            ) : (
              // Two fields a row from a tablet up; one under the other on a phone.
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {numberField('daysBefore', t('requests.reminders.daysBefore'), t('requests.reminders.daysBeforeHelp'))}
                {numberField('everyDaysOverdue', t('requests.reminders.everyDaysOverdue'))}
                {numberField('maxCount', t('requests.reminders.maxCount'), t('requests.reminders.maxCountHelp'))}
                <Switch
                  label={t('requests.reminders.onDueDate')}
                  checked={value.cadence.onDueDate}
                  onChange={(event) => setCadence('onDueDate', event.currentTarget.checked)}
                  mt={{ sm: 'xl' }}
                />
              </SimpleGrid>
            )}
          </>
        )}
      </Stack>
    </Fieldset>
  );
}
