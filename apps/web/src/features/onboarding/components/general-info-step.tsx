import {
  CAPTCHA_FIELD,
  CONTACT_POSITION,
  leadGeneralInfoInputSchema,
  type LeadGeneralInfoInput,
  type PublicLeadDto,
} from '@ledgerport/shared';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { useCaptchaSettings } from '../api/get-captcha';
import { useLookupOptions } from '../api/get-lookup-options';
import { useInsertLead } from '../api/insert-lead';
import { useUpdateLeadStep } from '../api/update-lead-step';
import { useStepConflict, wizardConflictTexts } from '../api/use-step-conflict';
import { errorFields } from '../lib/error-fields';
import { CaptchaField } from './captcha-field';
import { PhoneField } from '@/components/ui/phone-input';
import { FormConflictAlert } from '@/components/ui/stale-version-alert';

type GeneralInfoValues = Omit<LeadGeneralInfoInput, 'contactPosition' | 'ownerFirstName' | 'ownerLastName'> & {
  contactPosition: string;
  ownerFirstName: string;
  ownerLastName: string;
};

const OWNER = String(CONTACT_POSITION.owner);

const GENERAL_INFO_FIELDS = [
  'legalCompanyName',
  'contactFirstName',
  'contactLastName',
  'contactEmailAddress',
  'contactPhoneNumber',
  'contactPosition',
  'ownerFirstName',
  'ownerLastName',
] as const satisfies ReadonlyArray<keyof GeneralInfoValues>;

function defaultsFrom(lead: PublicLeadDto | undefined): GeneralInfoValues {
  const info = lead?.generalInfo;
  return {
    legalCompanyName: info?.legalCompanyName ?? '',
    contactFirstName: info?.contactFirstName ?? '',
    contactLastName: info?.contactLastName ?? '',
    contactEmailAddress: info?.contactEmailAddress ?? '',
    contactPhoneNumber: info?.contactPhoneNumber ?? '',
    contactPosition: info ? String(info.contactPosition) : '',
    ownerFirstName: info?.ownerFirstName ?? '',
    ownerLastName: info?.ownerLastName ?? '',
  };
}

/**
 * Step 1 (spec 03 section 5): creates the lead (with the captcha) or, once it exists, updates it.
 * Owner names are asked only when the contact is not the owner, and sent empty when they are.
 */
export function GeneralInfoStep({
  lead,
  onCreated,
  onSaved,
}: {
  /** Absent on the start route: submitting creates the lead. */
  lead?: PublicLeadDto;
  onCreated: (idHash: string) => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const positions = useLookupOptions('contact-positions');
  const captchaSettings = useCaptchaSettings();
  const insert = useInsertLead();
  const update = useUpdateLeadStep(lead?.idHash ?? '');
  const conflicts = useStepConflict(lead, defaultsFrom);
  const creating = !lead;
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  // A solution is good for one submission: a rejected one gets a fresh challenge.
  const [captchaKey, setCaptchaKey] = useState(0);

  const resolver = useMemo(
    () =>
      // The form's strings are what the schema parses (it coerces the position to a number).
      formResolver<typeof leadGeneralInfoInputSchema, GeneralInfoValues>(leadGeneralInfoInputSchema, t, {
        contactEmailAddress: t('common.validation.email'),
        contactPosition: t('common.validation.required'),
      }),
    [t],
  );
  const form = useForm<GeneralInfoValues, unknown, LeadGeneralInfoInput>({
    resolver,
    defaultValues: defaultsFrom(lead),
  });
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;
  const isOwner = watch('contactPosition') === OWNER;

  const submit = async (values: LeadGeneralInfoInput, version = conflicts.version) => {
    const body: LeadGeneralInfoInput = isOwner ? { ...values, ownerFirstName: null, ownerLastName: null } : values;
    if (!creating) {
      try {
        await update.mutateAsync({ step: 'general-info', body, version });
        onSaved();
      } catch (error) {
        if (await conflicts.catchStale(error)) return;
        notify.error(t('onboarding.errors.generalInfo'), { key: 'onboarding-step' });
      }
      return;
    }
    if (!captchaToken) {
      setCaptchaError(t('common.validation.required'));
      return;
    }
    try {
      const created = await insert.mutateAsync({ ...body, googleRecaptchaToken: captchaToken });
      onCreated(created.idHash);
    } catch (error) {
      setCaptchaKey((key) => key + 1);
      if (isApiError(error, 400) && errorFields(error).includes(CAPTCHA_FIELD)) {
        setCaptchaError(t('common.validation.required'));
        return;
      }
      notify.error(t('onboarding.errors.generalInfo'), { key: 'onboarding-step' });
    }
  };
  const onSubmit = handleSubmit((values) => submit(values));

  const text = (name: keyof GeneralInfoValues) => ({
    ...register(name),
    label: t(`onboarding.generalInfo.${name}` as const),
    error: errors[name]?.message,
    required: true,
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack>
        <FormConflictAlert
          conflicts={conflicts}
          form={form}
          texts={wizardConflictTexts(t)}
          labels={Object.fromEntries(
            GENERAL_INFO_FIELDS.map((name) => [name, t(`onboarding.generalInfo.${name}` as const)]),
          )}
          busy={update.isPending}
          onOverwrite={() => void handleSubmit((values) => submit(values, conflicts.overwriteVersion()))()}
        />
        <TextInput {...text('legalCompanyName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...text('contactFirstName')} autoComplete="given-name" />
          <TextInput {...text('contactLastName')} autoComplete="family-name" />
          <TextInput {...text('contactEmailAddress')} type="email" autoComplete="email" />
          <PhoneField
            control={control}
            name="contactPhoneNumber"
            label={t('onboarding.generalInfo.contactPhoneNumber')}
            error={errors.contactPhoneNumber?.message}
            required
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="contactPosition"
          render={({ field }) => (
            <Select
              label={t('onboarding.generalInfo.contactPosition')}
              required
              data={positions.data ?? []}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.contactPosition?.message}
              allowDeselect={false}
            />
          )}
        />
        {!isOwner && (
          <>
            <Text fw={600}>{t('onboarding.generalInfo.ownerHeading')}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput {...text('ownerFirstName')} />
              <TextInput {...text('ownerLastName')} />
            </SimpleGrid>
          </>
        )}
        {creating && captchaSettings.data && (
          <CaptchaField
            key={captchaKey}
            settings={captchaSettings.data}
            error={captchaError}
            onChange={(token) => {
              setCaptchaToken(token);
              if (token) setCaptchaError(undefined);
            }}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={insert.isPending || update.isPending}>
            {t('onboarding.actions.next')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
