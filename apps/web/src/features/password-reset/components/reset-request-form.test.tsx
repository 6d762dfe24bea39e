import { RESET_EMAIL_RESULT } from '@ledgerport/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ResetRequestForm } from './reset-request-form';

function renderForm() {
  renderWithProviders(<ResetRequestForm cancelHref="/login" />, { route: '/reset-password' });
  return userEvent.setup();
}

const email = () => screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
const answer = (resultType: number) => jsonResponse({ resultType, errorMessage: resultType === 1 ? null : 'x' });

describe('ResetRequestForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for an address that looks like one, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await user.type(email(), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('confirms with the firm’s exact words and clears the field', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => answer(RESET_EMAIL_RESULT.success));
    vi.stubGlobal('fetch', fetchMock);
    const user = renderForm();
    await user.type(email(), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText("We've sent you an email with a link to reset your password. Please check your email."),
    ).toBeTruthy();
    expect(email().value).toBe('');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/identity/account/send-reset-password-email');
    expect(JSON.parse(String(init?.body))).toEqual({ emailAddress: 'ada@example.com' });
  });

  it.each([
    [RESET_EMAIL_RESULT.invalidEmail, 'This email is not registered'],
    [RESET_EMAIL_RESULT.deactivatedUser, 'Your account has been deactivated. Please contact the administrator.'],
  ])('explains result %i', async (resultType, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(resultType)),
    );
    const user = renderForm();
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('says when there were too many requests', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(429, 'TOO_MANY_REQUESTS', { 'Retry-After': '60' })),
    );
    const user = renderForm();
    await user.type(email(), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeTruthy();
  });

  it('cancels back to the login page', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/login');
  });
});
