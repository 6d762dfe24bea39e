import { LOGIN_RESULT, type AuthenticateInput, type AuthenticateResult } from '@ledgerport/shared';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { notify } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { useAuthenticate } from '../api/authenticate';
import { TwoFactorStep } from './two-factor-step';

interface LoginFormProps {
  /** Called once the session is stored; the route decides where to go. */
  onSuccess: () => void;
  forgotPasswordHref: string;
}

const loadLoginContract = () => import('../lib/login-contract');

/** Whole minutes, rounded up and at least one, so "try again in 0 minutes" never shows. */
function minutesToWait(retryAfterSeconds: number | null): number {
  return Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
}

export function LoginForm({ onSuccess, forgotPasswordHref }: LoginFormProps) {
  const { t } = useTranslation();
  const authenticate = useAuthenticate();
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const resolver = useMemo(
    () =>
      lazyResolver(() =>
        loadLoginContract().then((contract) =>
          contract.createLoginResolver({
            usernameRequired: t('auth.validation.usernameRequired'),
            passwordRequired: t('auth.validation.passwordRequired'),
            tooLong: t('auth.validation.tooLong'),
          }),
        ),
      ),
    [t],
  );
  // Fetched once the user starts on the form rather than with the page: it stays out of the page's
  // initial download, and is still there long before they submit.
  const preloadContract = () => void loadLoginContract();
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<AuthenticateInput>({
    resolver,
    defaultValues: { usernameOrEmailAddress: '', password: '' },
  });

  const rejectCredentials = (message: string) => {
    notify.error(message, { key: 'login-failed' });
    setValue('password', '');
    setFocus('password');
  };

  const signedIn = (result: AuthenticateResult) => {
    if (!result.user) return;
    const { jwtToken, ...user } = result.user;
    startSession({ accessToken: jwtToken.accessToken, user, permissions: result.permissions });
    onSuccess();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await authenticate.mutateAsync(values);
      if (result.resultType === LOGIN_RESULT.success && result.twoFactorRequired && result.challengeToken) {
        setChallengeToken(result.challengeToken);
        return;
      }
      if (result.resultType === LOGIN_RESULT.success && result.user) {
        signedIn(result);
        return;
      }
      if (result.resultType === LOGIN_RESULT.userNotActive) {
        notify.warning(t('auth.errors.deactivated'), { key: 'login-failed' });
        return;
      }
      // Results 2 and 3 get the same words on purpose: which half was wrong is not disclosed.
      rejectCredentials(t('auth.errors.incorrectCredentials'));
    } catch (error) {
      if (isApiError(error, 429)) {
        rejectCredentials(t('auth.errors.tooManyAttempts', { count: minutesToWait(error.retryAfterSeconds) }));
        return;
      }
      rejectCredentials(t('auth.errors.incorrectCredentials'));
    }
  });

  if (challengeToken) {
    return (
      <TwoFactorStep
        challengeToken={challengeToken}
        onSignedIn={signedIn}
        onRestart={(message) => {
          setChallengeToken(null);
          setValue('password', '');
          if (message) notify.warning(message, { key: 'login-failed' });
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} onFocusCapture={preloadContract} onPointerDownCapture={preloadContract} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('auth.login.username')}
          autoComplete="username"
          error={errors.usernameOrEmailAddress?.message}
          {...register('usernameOrEmailAddress')}
        />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('auth.login.showPassword') }}
          error={errors.password?.message}
          {...register('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to={forgotPasswordHref} size="sm">
            {t('auth.login.forgotPassword')}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={authenticate.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
