import { TWO_FACTOR_ERROR_CODE, type AuthenticateResult } from '@ledgerport/shared';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { useAuthenticateTwoFactor } from '../api/authenticate-two-factor';

interface TwoFactorStepProps {
  challengeToken: string;
  /** The signed-in result, exactly as the password step gives it for users without two-factor. */
  onSignedIn: (result: AuthenticateResult) => void;
  /** The challenge is gone (expired, spent): back to the username and password. */
  onRestart: (message?: string) => void;
}

/** After the password, for users with two-factor sign-in: a code from the app, or a recovery code. */
export function TwoFactorStep({ challengeToken, onSignedIn, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const verify = useAuthenticateTwoFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), [useRecovery]);

  const switchMode = () => {
    setUseRecovery((current) => !current);
    setValue('');
    setError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    if (!useRecovery && !/^\d{6}$/.test(typed.replace(/\s/g, ''))) {
      setError(t('security.signIn.codeRequired'));
      return;
    }
    if (useRecovery && typed.length < 10) {
      setError(t('security.signIn.recoveryRequired'));
      return;
    }
    setError(null);
    try {
      const result = await verify.mutateAsync(
        useRecovery ? { challengeToken, recoveryCode: typed } : { challengeToken, code: typed.replace(/\s/g, '') },
      );
      onSignedIn(result);
    } catch (caught) {
      if (isApiError(caught, 400) && caught.code === TWO_FACTOR_ERROR_CODE.challengeInvalid) {
        onRestart(t('security.signIn.expired'));
        return;
      }
      if (isApiError(caught, 429)) {
        const minutes = Math.max(1, Math.ceil((caught.retryAfterSeconds ?? 60) / 60));
        setError(t('security.signIn.tooManyAttempts', { count: minutes }));
      } else {
        setError(useRecovery ? t('security.signIn.wrongRecoveryCode') : t('security.signIn.wrongCode'));
      }
      setValue('');
      input.current?.focus();
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('security.signIn.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {useRecovery ? t('security.signIn.recoveryHelp') : t('security.signIn.codeHelp')}
        </Text>
        <TextInput
          ref={input}
          key={useRecovery ? 'recovery' : 'code'}
          label={useRecovery ? t('security.signIn.recoveryCode') : t('security.signIn.code')}
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          maxLength={useRecovery ? 32 : 7}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
        />
        <Group justify="space-between" mt={-8}>
          <Anchor component="button" type="button" size="sm" onClick={switchMode}>
            {useRecovery ? t('security.signIn.useApp') : t('security.signIn.useRecoveryCode')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => onRestart()}>
            {t('security.signIn.back')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={verify.isPending}>
          {t('security.signIn.verify')}
        </Button>
      </Stack>
    </form>
  );
}
