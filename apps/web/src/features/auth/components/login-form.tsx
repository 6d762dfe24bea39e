import { LOGIN_RESULT, type AuthenticateInput, type AuthenticateResult } from '@ledgerport/shared';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { lazy, Suspense, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { lazyResolver } from '@/lib/lazy-resolver';
import { notify } from '@/lib/notify';
import { startSession } from '@/lib/session';
import { useAuthenticate } from '../api/authenticate';

interface LoginFormProps {
  /** Called once the session is stored; the route decides where to go. */
  onSuccess: () => void;
  forgotPasswordHref: string;
}

const loadLoginContract = () => import('../lib/login-contract');
// Only users with two-factor sign-in reach this step; its error codes come from a shared module that
// also defines zod schemas, which would otherwise put all of zod on the first paint of /login.
const TwoFactorStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })));

const FIELDS = ['usernameOrEmailAddress', 'password'] as const;
type Field = (typeof FIELDS)[number];

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
  // Two fields by hand rather than with react-hook-form, which would add 15 kB gzipped to the first
  // paint of /login (DESIGN.md section 10); the validation is still the shared contract's, through
  // the same resolver. Like react-hook-form: validated on submit, then again on every change.
  const [values, setValues] = useState<AuthenticateInput>({ usernameOrEmailAddress: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const validate = async (next: AuthenticateInput) => {
    const result = await resolver(next, undefined, { fields: {}, shouldUseNativeValidation: false });
    const found: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) {
      const message = result.errors[field]?.message;
      if (typeof message === 'string') found[field] = message;
    }
    setErrors(found);
    const firstInvalid = FIELDS.find((name) => found[name]);
    return firstInvalid ? { firstInvalid } : { valid: result.values as AuthenticateInput };
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (submitted) void validate(next);
    },
  });

  const clearPassword = () => setValues((current) => ({ ...current, password: '' }));

  const rejectCredentials = (message: string) => {
    notify.error(message, { key: 'login-failed' });
    clearPassword();
    inputs.current.password?.focus();
  };

  const signedIn = (result: AuthenticateResult) => {
    if (!result.user) return;
    const { jwtToken, ...user } = result.user;
    startSession({ accessToken: jwtToken.accessToken, user, permissions: result.permissions });
    onSuccess();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const { valid, firstInvalid } = await validate(values);
    if (!valid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    try {
      const result = await authenticate.mutateAsync(valid);
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
  };

  if (challengeToken) {
    return (
      <Suspense>
        <TwoFactorStep
          challengeToken={challengeToken}
          onSignedIn={signedIn}
          onRestart={(message) => {
            setChallengeToken(null);
            clearPassword();
            if (message) notify.warning(message, { key: 'login-failed' });
          }}
        />
      </Suspense>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onFocusCapture={preloadContract}
      onPointerDownCapture={preloadContract}
      noValidate
    >
      <Stack gap="md">
        <TextInput label={t('auth.login.username')} autoComplete="username" {...field('usernameOrEmailAddress')} />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          visibilityToggleFocusable
          visibilityToggleButtonProps={{ 'aria-label': t('auth.login.showPassword') }}
          {...field('password')}
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
