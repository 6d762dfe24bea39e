import { resetUserPasswordInputSchema, type ResetUserPasswordInput } from '@ledgerport/shared';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { useResetUserPassword } from '../api/reset-user-password';
import { formResolver } from '@/lib/form-resolver';

export interface ResetPasswordTarget {
  id: number;
  fullName: string;
}

/** An administrator sets a user's password (spec 01 sections 2.13, 5); the user is signed out everywhere. */
export function ResetPasswordModal({ target, onClose }: { target: ResetPasswordTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('users.resetPassword.title')} size={600} centered>
      {target && <ResetPasswordForm key={target.id} target={target} onDone={onClose} />}
    </Modal>
  );
}

function ResetPasswordForm({ target, onDone }: { target: ResetPasswordTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const reset = useResetUserPassword();
  const resolver = useMemo(
    () => formResolver(resetUserPasswordInputSchema, t, { password: t('common.validation.password') }),
    [t],
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetUserPasswordInput>({ resolver, defaultValues: { password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await reset.mutateAsync({ id: target.id, input });
      notify.success(t('users.messages.passwordReset', { name: target.fullName }), { key: `user-reset-${target.id}` });
      onDone();
    } catch {
      notify.error(t('users.messages.resetPasswordError'), { key: 'user-reset-failed' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t('users.resetPassword.description', { name: target.fullName })}</Text>
        <PasswordInput
          label={t('users.resetPassword.password')}
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('users.form.showPassword') }}
          error={errors.password?.message}
          data-autofocus
          {...register('password')}
        />
        <PasswordInput
          label={t('users.resetPassword.confirmPassword')}
          required
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('users.form.showPassword') }}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={isSubmitting}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('users.resetPassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
