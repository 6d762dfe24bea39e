import { TWO_FACTOR_ERROR_CODE } from '@ledgerport/shared';
import { Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDisableTwoFactor } from '../api/two-factor';

export function DisableDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setValue('');
    setError(null);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(withPassword ? t('auth.validation.passwordRequired') : t('security.signIn.codeRequired'));
      return;
    }
    try {
      await disable.mutateAsync(withPassword ? { password: value } : { code: value.replace(/\s/g, '') });
      notify.success(t('security.twoFactor.disabled'), { key: 'two-factor' });
      close();
    } catch (caught) {
      if (isApiError(caught, 429)) setError(t('security.twoFactor.tooManyAttempts'));
      else if (isApiError(caught, 400) && caught.code === TWO_FACTOR_ERROR_CODE.passwordIncorrect) {
        setError(t('security.twoFactor.wrongPassword'));
      } else setError(withPassword ? t('security.twoFactor.wrongPassword') : t('security.twoFactor.wrongCode'));
      setValue('');
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('security.twoFactor.disableTitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('security.twoFactor.disableHelp')}</Text>
          {withPassword ? (
            <PasswordInput
              label={t('security.twoFactor.password')}
              autoComplete="current-password"
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
          ) : (
            <TextInput
              label={t('security.signIn.code')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              value={value}
              onChange={(event) => setValue(event.currentTarget.value)}
              error={error}
              data-autofocus
            />
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setWithPassword((current) => !current);
              setValue('');
              setError(null);
            }}
          >
            {withPassword ? t('security.twoFactor.withCode') : t('security.twoFactor.withPassword')}
          </Anchor>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('security.twoFactor.cancel')}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              {t('security.twoFactor.turnOff')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
