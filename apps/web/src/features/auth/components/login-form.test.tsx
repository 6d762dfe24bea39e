import { LOGIN_RESULT, ROLE_NAME } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { buildSessionUser } from '@/testing/factories';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { LoginForm } from './login-form';

function renderForm() {
  const onSuccess = vi.fn();
  renderWithProviders(<LoginForm onSuccess={onSuccess} forgotPasswordHref="/reset-password" />, { route: '/login' });
  return { onSuccess, user: userEvent.setup() };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username or email'), 'ada');
  await user.type(screen.getByLabelText('Password'), 'Secret1');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for both fields when submitted empty, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user, onSuccess } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('Please enter your username or email address')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(screen.getByLabelText('Username or email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('offers the forgot-password link', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/reset-password');
  });

  it('stores the session without the tokens object and reports success', async () => {
    const sessionUser = buildSessionUser({ roles: [ROLE_NAME.admin] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({
          resultType: LOGIN_RESULT.success,
          errorMessage: null,
          user: { ...sessionUser, jwtToken: { accessToken: 'access-1', refreshToken: '' } },
          permissions: ['role:list'],
        }),
      ),
    );
    const { user, onSuccess } = renderForm();

    await fillAndSubmit(user);

    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(getSession()).toMatchObject({ accessToken: 'access-1', user: sessionUser, permissions: ['role:list'] });
    expect(window.localStorage.getItem('ledgerport.user')).not.toContain('jwtToken');
  });

  it('says the credentials are wrong and clears the password', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ resultType: LOGIN_RESULT.invalidPassword, errorMessage: 'x', user: null, permissions: [] }),
      ),
    );
    const { user, onSuccess } = renderForm();

    await fillAndSubmit(user);

    expect(await screen.findByText('Username or password is incorrect')).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('warns a deactivated user', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ resultType: LOGIN_RESULT.userNotActive, errorMessage: 'x', user: null, permissions: [] }),
      ),
    );
    const { user } = renderForm();

    await fillAndSubmit(user);

    expect(
      await screen.findByText('Your account has been deactivated. Please contact the administrator.'),
    ).toBeTruthy();
  });

  it('tells a throttled user how many minutes to wait', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(429, 'TOO_MANY_REQUESTS', { 'Retry-After': '541' })),
    );
    const { user } = renderForm();

    await fillAndSubmit(user);

    expect(await screen.findByText('Too many sign-in attempts. Try again in 10 minutes.')).toBeTruthy();
  });
});
