import { ERROR_CODE, changePasswordInputSchema } from '@ledgerport/shared';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import { formResolver } from '@/lib/form-resolver';

type FormValues = z.input<typeof changePasswordInputSchema>;

const NOTICE_KEY = 'change-password';

/**
 * The change-password dialog of the avatar menu (spec 01 sections 2.5, 5, 8). The form exists only
 * while the dialog is open, so closing it resets it.
 */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('profile.changePassword.title')}>
      {opened && <ChangePasswordForm onDone={onClose} />}
    </Modal>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const resolver = useMemo(
    () =>
      formResolver(changePasswordInputSchema, t, {
        password: (code) =>
          code === 'custom' ? t('profile.changePassword.sameAsOld') : t('common.validation.password'),
        confirmPassword: t('common.validation.passwordsDoNotMatch'),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof changePasswordInputSchema>>({
    resolver,
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await changePassword.mutateAsync(input);
      notify.success(t('profile.changePassword.success'), { key: NOTICE_KEY });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.code === ERROR_CODE.oldPasswordIncorrect) {
        notify.error(t('profile.changePassword.oldPasswordIncorrect'), { key: NOTICE_KEY });
        setValue('oldPassword', '');
        setFocus('oldPassword');
        return;
      }
      if (isApiError(error, 429)) {
        notify.error(t('profile.changePassword.tooManyAttempts'), { key: NOTICE_KEY });
        return;
      }
      notify.error(t('profile.changePassword.failed'), { key: NOTICE_KEY });
    }
  });

  const toggle = { 'aria-label': t('profile.changePassword.showPassword') };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <PasswordInput
          label={t('profile.changePassword.oldPassword')}
          autoComplete="current-password"
          withAsterisk
          data-autofocus
          visibilityToggleButtonProps={toggle}
          error={errors.oldPassword?.message}
          {...register('oldPassword')}
        />
        <PasswordInput
          label={t('profile.changePassword.newPassword')}
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={toggle}
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label={t('profile.changePassword.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={toggle}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={changePassword.isPending}>
            {t('profile.changePassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
