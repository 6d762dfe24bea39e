import { LOGIN_RESULT, ROLE_NAME } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { buildSessionUser } from '@/testing/factories';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { LoginForm } from './login-form';

const challenge = {
  resultType: LOGIN_RESULT.success,
  errorMessage: null,
  user: null,
  permissions: [],
  twoFactorRequired: true,
  challengeToken: 'challenge-1',
};

/** Answers the password step with a challenge, then each second step with the next response given. */
function stubServer(...secondSteps: Array<() => Response>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (url.endsWith('/authentication/account/authenticate')) return jsonResponse(challenge);
    const next = secondSteps.shift();
    if (!next) throw new Error(`Unexpected call ${url}`);
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function signInWithPassword() {
  const onSuccess = vi.fn();
  renderWithProviders(<LoginForm onSuccess={onSuccess} forgotPasswordHref="/reset-password" />, { route: '/login' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username or email'), 'ada');
  await user.type(screen.getByLabelText('Password'), 'Secret1');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await screen.findByLabelText('Authentication code');
  return { user, onSuccess };
}

describe('LoginForm: the code step for users with two-factor sign-in', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the code after the password and signs in with it', async () => {
    const sessionUser = buildSessionUser({ roles: [ROLE_NAME.advisor] });
    const calls = stubServer(() =>
      jsonResponse({
        resultType: LOGIN_RESULT.success,
        errorMessage: null,
        user: { ...sessionUser, jwtToken: { accessToken: 'access-2', refreshToken: '' } },
        permissions: ['client'],
      }),
    );
    const { user, onSuccess } = await signInWithPassword();
    expect(getSession().accessToken).toBeNull();

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(calls.at(-1)).toEqual({
      url: expect.stringMatching(/\/authentication\/account\/authenticate\/two-factor$/),
      body: { challengeToken: 'challenge-1', code: '123456' },
    });
    expect(getSession()).toMatchObject({ accessToken: 'access-2', user: sessionUser });
  });

  it('checks the code has six digits before sending it', async () => {
    const calls = stubServer();
    const { user } = await signInWithPassword();
    await user.type(screen.getByLabelText('Authentication code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your app')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('says what to do about a wrong code and lets the user try again', async () => {
    stubServer(() => errorResponse(400, 'TWO_FACTOR_CODE_INVALID'));
    const { user, onSuccess } = await signInWithPassword();
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('That code is not right. Check the time on your phone and try the newest code.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Authentication code') as HTMLInputElement).value).toBe('');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('takes a recovery code instead through "Use a recovery code"', async () => {
    const calls = stubServer(() => errorResponse(400, 'TWO_FACTOR_CODE_INVALID'));
    const { user } = await signInWithPassword();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That recovery code is not right, or it has been used already.')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ challengeToken: 'challenge-1', recoveryCode: 'abcde-fghjk' });
    await user.click(screen.getByRole('button', { name: 'Use the authenticator app' }));
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
  });

  it('goes back to the password when the sign-in has expired', async () => {
    stubServer(() => errorResponse(400, 'TWO_FACTOR_CHALLENGE_INVALID'));
    const { user } = await signInWithPassword();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The sign-in has expired. Enter your username and password again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('tells a throttled user how long to wait', async () => {
    stubServer(() => errorResponse(429, 'TOO_MANY_REQUESTS', { 'Retry-After': '600' }));
    const { user } = await signInWithPassword();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Too many wrong codes. Try again in 10 minutes.')).toBeTruthy();
  });
});
