import { RESET_EMAIL_RESULT, sendResetPasswordEmailInputSchema } from '@ledgerport/shared';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSendResetPasswordEmail } from '../api/send-reset-password-email';
import { formResolver } from '@/lib/form-resolver';

type FormValues = z.input<typeof sendResetPasswordEmailInputSchema>;

const NOTICE_KEY = 'reset-password-email';

/** Spec 01 section 2.8: an e-mail field, Cancel (back to login) and Send. */
export function ResetRequestForm({ cancelHref }: { cancelHref: string }) {
  const { t } = useTranslation();
  const send = useSendResetPasswordEmail();
  const resolver = useMemo(
    () => formResolver(sendResetPasswordEmailInputSchema, t, { emailAddress: t('common.validation.email') }),
    [t],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof sendResetPasswordEmailInputSchema>>({
    resolver,
    defaultValues: { emailAddress: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const result = await send.mutateAsync(input);
      if (result.resultType === RESET_EMAIL_RESULT.success) {
        notify.success(t('password.request.sent'), { key: NOTICE_KEY });
        reset();
        return;
      }
      const message =
        result.resultType === RESET_EMAIL_RESULT.deactivatedUser
          ? t('password.request.deactivated')
          : t('password.request.notRegistered');
      notify.error(message, { key: NOTICE_KEY });
    } catch (error) {
      const message = isApiError(error, 429) ? t('password.request.tooManyRequests') : t('password.request.failed');
      notify.error(message, { key: NOTICE_KEY });
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('password.request.intro')}
        </Text>
        <TextInput
          label={t('password.request.email')}
          type="email"
          autoComplete="email"
          withAsterisk
          error={errors.emailAddress?.message}
          {...register('emailAddress')}
        />
        <Group justify="flex-end">
          <Button component={Link} to={cancelHref} variant="default">
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('password.request.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
