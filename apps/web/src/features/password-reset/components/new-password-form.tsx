import { newPasswordFormSchema } from '@ledgerport/shared';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useResetPassword } from '../api/reset-password';
import { formResolver } from '@/lib/form-resolver';

type FormValues = z.input<typeof newPasswordFormSchema>;

/** Spec 01 section 2.9: new password and confirmation, Cancel and Change. */
export function NewPasswordForm({
  userId,
  token,
  cancelHref,
  onSuccess,
  onFailure,
}: {
  userId: number;
  token: string;
  cancelHref: string;
  onSuccess: () => void;
  /** Spec 01 section 4.6: a failed reset is treated like an unusable link. */
  onFailure: () => void;
}) {
  const { t } = useTranslation();
  const resetPassword = useResetPassword();
  const resolver = useMemo(
    () =>
      formResolver(newPasswordFormSchema, t, {
        password: t('common.validation.password'),
        confirmPassword: t('common.validation.passwordsDoNotMatch'),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof newPasswordFormSchema>>({
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await resetPassword.mutateAsync({ userId, token, ...values });
      onSuccess();
    } catch {
      onFailure();
    }
  });

  const toggle = { 'aria-label': t('password.change.showPassword') };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('password.change.intro')}
        </Text>
        <PasswordInput
          label={t('password.change.newPassword')}
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={toggle}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label={t('password.change.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={toggle}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button component={Link} to={cancelHref} variant="default">
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={resetPassword.isPending}>
            {t('password.change.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
