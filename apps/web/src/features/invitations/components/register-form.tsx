import { REGISTRATION_ERROR_CODE, registerClientInputSchema } from '@ledgerport/shared';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { TERMS_AND_CONDITIONS_URL } from '@/lib/external-links';
import { notify } from '@/lib/notify';
import { useRegisterClient } from '../api/register-client';
import { formResolver } from '@/lib/form-resolver';
import { PhoneField } from '@/components/ui/phone-input';

type FormValues = z.input<typeof registerClientInputSchema>;

const NOTICE_KEY = 'register';

export interface RegisterFormProps {
  registrationToken: string;
  /** From the invitation; shown read-only (spec 01 section 2.7). */
  emailAddress: string;
  /** The account exists: the route signs in with these and moves on. */
  onRegistered: (credentials: { emailAddress: string; password: string }) => void;
  /** The link was spent or expired while the form was open. */
  onInvalidToken: () => void;
}

/** Registration from an invitation link (spec 01 sections 2.7, 5, 8). */
export function RegisterForm({ registrationToken, emailAddress, onRegistered, onInvalidToken }: RegisterFormProps) {
  const { t } = useTranslation();
  const registerClient = useRegisterClient();
  const resolver = useMemo(
    () =>
      formResolver(registerClientInputSchema, t, {
        password: t('common.validation.password'),
        confirmPassword: t('common.validation.passwordsDoNotMatch'),
      }),
    [t],
  );
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof registerClientInputSchema>>({
    resolver,
    defaultValues: {
      registrationToken,
      emailAddress,
      firstName: '',
      lastName: '',
      phoneNumber: '',
      password: '',
      confirmPassword: '',
    },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await registerClient.mutateAsync(input);
      onRegistered({ emailAddress: input.emailAddress, password: input.password });
    } catch (error) {
      if (isApiError(error, 400) && error.code === REGISTRATION_ERROR_CODE.invalidToken) {
        notify.error(t('invitations.register.usedToken'), { key: NOTICE_KEY });
        onInvalidToken();
      } else if (isApiError(error, 409) && error.code === REGISTRATION_ERROR_CODE.emailAlreadyRegistered) {
        notify.error(t('invitations.register.emailAlreadyRegistered'), { key: NOTICE_KEY });
      } else if (isApiError(error, 429)) {
        notify.error(t('invitations.register.tooManyAttempts'), { key: NOTICE_KEY });
      } else {
        notify.error(t('invitations.register.systemError'), { key: NOTICE_KEY });
      }
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('invitations.register.intro')}
        </Text>
        <TextInput label={t('invitations.register.email')} value={emailAddress} readOnly autoComplete="email" />
        <TextInput
          label={t('invitations.register.firstName')}
          withAsterisk
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <TextInput
          label={t('invitations.register.lastName')}
          withAsterisk
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <PhoneField
          control={control}
          name="phoneNumber"
          label={t('invitations.register.phoneNumber')}
          withAsterisk
          error={errors.phoneNumber?.message}
        />
        <PasswordInput
          label={t('invitations.register.password')}
          withAsterisk
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('invitations.register.showPassword') }}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label={t('invitations.register.confirmPassword')}
          withAsterisk
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('invitations.register.showPassword') }}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Text size="xs" c="dimmed">
          {t('invitations.register.terms')}{' '}
          {/* Underlined: inside a sentence, colour alone would not tell it is a link (WCAG 1.4.1). */}
          <Anchor
            href={TERMS_AND_CONDITIONS_URL}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            underline="always"
          >
            {t('invitations.register.termsLink')}
          </Anchor>
        </Text>
        <Button type="submit" fullWidth loading={registerClient.isPending}>
          {t('invitations.register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
