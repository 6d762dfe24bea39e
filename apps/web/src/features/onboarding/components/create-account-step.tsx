import {
  leadClientInformationInputSchema,
  ONBOARDING_VALIDATION,
  type LeadClientInformationInput,
  type PublicLeadDto,
} from '@ledgerport/shared';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { TIN_MASK, formatDigits } from '@/lib/digits-mask';
import { formResolver } from '@/lib/form-resolver';
import { notify } from '@/lib/notify';
import { checkEmailAvailability } from '../api/check-email-availability';
import { useUpdateLeadStep } from '../api/update-lead-step';
import { useReloadAfterConflict } from '../api/use-step-conflict';
import { errorFields } from '../lib/error-fields';
import { PhoneField } from '@/components/ui/phone-input';

/** What the controls hold: strings throughout (the website is sent empty when blank). */
type Values = Omit<LeadClientInformationInput, 'companyWebsite'> & { companyWebsite: string };

export interface NewAccountCredentials {
  emailAddress: string;
  password: string;
}

/**
 * Step 5 (spec 03 section 5): EIN ##-#######, phone and address, optional website; an e-mail no user
 * has yet (checked on blur and again on submit); password rules and confirmation. Success hands the
 * credentials to the route, which signs the new user in.
 */
export function CreateAccountStep({
  lead,
  onCreated,
}: {
  lead: PublicLeadDto;
  onCreated: (credentials: NewAccountCredentials) => Promise<void>;
}) {
  const { t } = useTranslation();
  const update = useUpdateLeadStep(lead.idHash);
  const reload = useReloadAfterConflict(lead.idHash);
  const [checking, setChecking] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const resolver = useMemo(
    () =>
      // The schema takes the form's strings (a blank website becomes null).
      formResolver<typeof leadClientInformationInputSchema, Values>(
        leadClientInformationInputSchema,
        t,
        {
          companyEmployerIdentificationNumber: t('onboarding.createAccount.einFormat'),
          emailAddress: t('common.validation.email'),
          password: t('common.validation.password'),
          confirmPassword: t('common.validation.passwordsDoNotMatch'),
        },
        {
          [ONBOARDING_VALIDATION.passwordsDiffer]: t('common.validation.passwordsDoNotMatch'),
          [ONBOARDING_VALIDATION.einFormat]: t('onboarding.createAccount.einFormat'),
        },
      ),
    [t],
  );
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    getFieldState,
    formState: { errors },
  } = useForm<Values, unknown, LeadClientInformationInput>({
    resolver,
    defaultValues: {
      companyEmployerIdentificationNumber: '',
      companyWebsite: '',
      companyPhoneNumber: '',
      companyAddress: '',
      emailAddress: '',
      password: '',
      confirmPassword: '',
    },
  });

  const taken = (emailAddress: string) =>
    setError('emailAddress', { type: 'taken', message: t('common.validation.taken', { value: emailAddress }) });

  /** True when free; a check that cannot be made leaves the decision to the server. */
  const isAvailable = async (emailAddress: string) => {
    setChecking(true);
    try {
      return await checkEmailAvailability(emailAddress, lead.idHash);
    } catch {
      return true;
    } finally {
      setChecking(false);
    }
  };

  const checkOnBlur = async (emailAddress: string) => {
    const value = emailAddress.trim();
    if (!value || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return;
    if (await isAvailable(value)) {
      if (getFieldState('emailAddress').error?.type === 'taken') clearErrors('emailAddress');
    } else taken(value);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!(await isAvailable(values.emailAddress))) {
      taken(values.emailAddress);
      return;
    }
    try {
      await update.mutateAsync({ step: 'client-information', body: values, version: lead.version });
    } catch (error) {
      if (await reload.catchStale(error)) return;
      if (isApiError(error, 409) && errorFields(error).includes('emailAddress')) taken(values.emailAddress);
      else notify.error(t('onboarding.errors.clientInformation'), { key: 'onboarding-step' });
      return;
    }
    setSigningIn(true);
    try {
      await onCreated({ emailAddress: values.emailAddress, password: values.password });
    } finally {
      setSigningIn(false);
    }
  });

  const email = register('emailAddress');
  const ein = register('companyEmployerIdentificationNumber');

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack>
        {reload.reloaded && (
          <Alert color="orange" variant="light" role="alert" title={t('onboarding.conflict.title')}>
            {t('onboarding.conflict.accountReloaded')}
          </Alert>
        )}
        <Text>{t('onboarding.createAccount.intro')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            {...ein}
            onChange={(event) => {
              setValue('companyEmployerIdentificationNumber', formatDigits(event.currentTarget.value, TIN_MASK));
              if (errors.companyEmployerIdentificationNumber) clearErrors('companyEmployerIdentificationNumber');
            }}
            label={t('onboarding.createAccount.companyEmployerIdentificationNumber')}
            placeholder={TIN_MASK}
            inputMode="numeric"
            required
            error={errors.companyEmployerIdentificationNumber?.message}
          />
          <TextInput
            {...register('companyWebsite')}
            label={t('onboarding.createAccount.companyWebsite')}
            type="url"
            error={errors.companyWebsite?.message}
          />
          <PhoneField
            control={control}
            name="companyPhoneNumber"
            label={t('onboarding.createAccount.companyPhoneNumber')}
            required
            error={errors.companyPhoneNumber?.message}
          />
          <TextInput
            {...register('companyAddress')}
            label={t('onboarding.createAccount.companyAddress')}
            required
            error={errors.companyAddress?.message}
          />
        </SimpleGrid>
        <TextInput
          {...email}
          onBlur={(event) => {
            void email.onBlur(event);
            void checkOnBlur(event.currentTarget.value);
          }}
          label={t('onboarding.createAccount.emailAddress')}
          type="email"
          autoComplete="username"
          required
          description={checking ? t('onboarding.createAccount.checkingEmail') : undefined}
          error={errors.emailAddress?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            {...register('password')}
            label={t('onboarding.createAccount.password')}
            autoComplete="new-password"
            required
            error={errors.password?.message}
          />
          <PasswordInput
            {...register('confirmPassword')}
            label={t('onboarding.createAccount.confirmPassword')}
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending || signingIn}>
            {t('onboarding.actions.createAccount')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
