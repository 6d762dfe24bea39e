import { OTHER_INDUSTRY_VALUE, onboardingYearOptions, type PublicLeadDto } from '@ledgerport/shared';
import { Button, Checkbox, Fieldset, Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';
import { useLookupOptions, useOnboardingServices, type OnboardingLookup } from '../api/get-lookup-options';
import { useUpdateLeadStep } from '../api/update-lead-step';
import { useStepConflict, wizardConflictTexts } from '../api/use-step-conflict';
import {
  intakeFromLead,
  intakeVisibility,
  missingIntakeFields,
  toIntakePayload,
  type IntakeField,
  type IntakeFormValues,
} from '../lib/intake-rules';

/** The questions by the form's own labels, to name what another window changed. */
const INTAKE_LABELS = (t: TFunction): Record<IntakeField, string> => ({
  industryId: t('onboarding.intake.industry'),
  otherIndustryName: t('onboarding.intake.otherIndustryName'),
  annualSalesRangeId: t('onboarding.intake.annualSalesRange'),
  employeeCountRangeId: t('onboarding.intake.employeeCountRange'),
  services: t('onboarding.intake.services'),
  acquisitionChannelId: t('onboarding.intake.acquisitionChannel'),
  hasAnyReadyFinancialReport: t('onboarding.intake.hasAnyReadyFinancialReport'),
  yearToGetTaxService: t('onboarding.intake.yearToGetTaxService'),
  currentlyDoingBookkeeping: t('onboarding.intake.currentlyDoingBookkeeping'),
  yearToGetBookkeepingService: t('onboarding.intake.yearToGetBookkeepingService'),
  accountingSoftwareToolId: t('onboarding.intake.accountingSoftwareTool'),
  currentlyGettingPayrollService: t('onboarding.intake.currentlyGettingPayrollService'),
});

/** Step 2 (spec 03 section 5): the conditional questions of `intake-rules`, sent as its payload. */
export function IntakeStep({
  lead,
  onSaved,
  onPrevious,
}: {
  lead: PublicLeadDto;
  onSaved: () => void;
  onPrevious: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateLeadStep(lead.idHash);
  const services = useOnboardingServices();
  const years = useMemo(() => onboardingYearOptions().map(String), []);

  const resolver = useMemo<Resolver<IntakeFormValues>>(
    () => (values) => {
      const missing = missingIntakeFields(values);
      if (missing.length === 0) return { values, errors: {} };
      const errors: FieldErrors<IntakeFormValues> = {};
      for (const field of missing) errors[field] = { type: 'required', message: t('common.validation.required') };
      return { values: {}, errors };
    },
    [t],
  );
  const form = useForm<IntakeFormValues>({ resolver, defaultValues: intakeFromLead(lead.intakeAnswers) });
  const {
    control,
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const show = intakeVisibility(watch());
  const conflicts = useStepConflict(lead, (latest) => intakeFromLead(latest.intakeAnswers));

  const submit = async (values: IntakeFormValues, version = conflicts.version) => {
    try {
      await update.mutateAsync({ step: 'intake-interview-answers', body: toIntakePayload(values), version });
      onSaved();
    } catch (error) {
      if (await conflicts.catchStale(error)) return;
      notify.error(t('onboarding.errors.intakeQuestions'), { key: 'onboarding-step' });
    }
  };
  const onSubmit = handleSubmit((values) => submit(values));

  const lookupSelect = (name: IntakeField, kind: OnboardingLookup, label: string, otherOption?: string) => (
    <LookupSelect
      key={name}
      name={name}
      kind={kind}
      label={label}
      control={control}
      error={errors[name]?.message}
      otherOption={otherOption}
    />
  );

  const yesNo = (name: IntakeField, label: string, onAnswer?: (value: string) => void) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Radio.Group
          label={label}
          required
          value={(field.value as string) || null}
          onChange={(value) => {
            field.onChange(value);
            onAnswer?.(value);
          }}
          error={errors[name]?.message}
        >
          <Group mt={6}>
            <Radio value="yes" label={t('onboarding.intake.yes')} />
            <Radio value="no" label={t('onboarding.intake.no')} />
          </Group>
        </Radio.Group>
      )}
    />
  );

  const yearSelect = (name: IntakeField, label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          required
          data={years}
          value={(field.value as string) || null}
          onChange={(value) => field.onChange(value ?? '')}
          ref={field.ref}
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack>
        <FormConflictAlert
          conflicts={conflicts}
          form={form}
          texts={wizardConflictTexts(t)}
          labels={INTAKE_LABELS(t)}
          busy={update.isPending}
          onOverwrite={() => void handleSubmit((values) => submit(values, conflicts.overwriteVersion()))()}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {lookupSelect(
            'industryId',
            'industries',
            t('onboarding.intake.industry'),
            t('onboarding.intake.otherIndustry'),
          )}
          {show.otherIndustryName && (
            <TextInput
              {...register('otherIndustryName')}
              label={t('onboarding.intake.otherIndustryName')}
              required
              maxLength={100}
              error={errors.otherIndustryName?.message}
            />
          )}
          {lookupSelect('annualSalesRangeId', 'annual-sales-ranges', t('onboarding.intake.annualSalesRange'))}
          {lookupSelect('employeeCountRangeId', 'employee-count-ranges', t('onboarding.intake.employeeCountRange'))}
          {lookupSelect('acquisitionChannelId', 'acquisition-channels', t('onboarding.intake.acquisitionChannel'))}
        </SimpleGrid>
        <Controller
          control={control}
          name="services"
          render={({ field }) => (
            <Checkbox.Group
              label={t('onboarding.intake.services')}
              required
              value={field.value}
              onChange={field.onChange}
              error={errors.services?.message}
            >
              <Group mt={6}>
                {(services.data ?? []).map((service) => (
                  <Checkbox key={service.id} value={String(service.id)} label={service.displayName} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        {show.tax && (
          <Fieldset legend={t('onboarding.intake.taxHeading')}>
            <Stack>
              {yesNo('hasAnyReadyFinancialReport', t('onboarding.intake.hasAnyReadyFinancialReport'))}
              {yearSelect('yearToGetTaxService', t('onboarding.intake.yearToGetTaxService'))}
            </Stack>
          </Fieldset>
        )}
        {show.bookkeeping && (
          <Fieldset legend={t('onboarding.intake.bookkeepingHeading')}>
            <Stack>
              {/* A "no" clears the tool (spec 03 section 5). */}
              {yesNo('currentlyDoingBookkeeping', t('onboarding.intake.currentlyDoingBookkeeping'), (value) => {
                if (value === 'no') setValue('accountingSoftwareToolId', '');
              })}
              {yearSelect('yearToGetBookkeepingService', t('onboarding.intake.yearToGetBookkeepingService'))}
              {show.accountingSoftwareTool &&
                lookupSelect(
                  'accountingSoftwareToolId',
                  'accounting-software-tools',
                  t('onboarding.intake.accountingSoftwareTool'),
                )}
            </Stack>
          </Fieldset>
        )}
        {show.payroll && (
          <Fieldset legend={t('onboarding.intake.payrollHeading')}>
            {yesNo('currentlyGettingPayrollService', t('onboarding.intake.currentlyGettingPayrollService'))}
          </Fieldset>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onPrevious}>
            {t('onboarding.actions.previous')}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t('onboarding.actions.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LookupSelect({
  name,
  kind,
  label,
  control,
  error,
  otherOption,
}: {
  name: IntakeField;
  kind: OnboardingLookup;
  label: string;
  control: ReturnType<typeof useForm<IntakeFormValues>>['control'];
  error?: string;
  /** A last "Other" choice (industries), unless the list already ends with one. */
  otherOption?: string;
}) {
  const options = useLookupOptions(kind);
  const data = options.data ?? [];
  const withOther =
    otherOption && !data.some((option) => option.value === OTHER_INDUSTRY_VALUE)
      ? [...data, { value: OTHER_INDUSTRY_VALUE, label: otherOption }]
      : data;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          required
          searchable
          data={withOther}
          value={(field.value as string) || null}
          onChange={(value) => field.onChange(value ?? '')}
          ref={field.ref}
          error={error}
        />
      )}
    />
  );
}
