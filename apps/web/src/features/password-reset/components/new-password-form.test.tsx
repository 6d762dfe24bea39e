import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, renderWithProviders } from '@/testing/test-utils';
import { NewPasswordForm } from './new-password-form';

function renderForm() {
  const onSuccess = vi.fn();
  const onFailure = vi.fn();
  renderWithProviders(
    <NewPasswordForm userId={7} token="tok" cancelHref="/login" onSuccess={onSuccess} onFailure={onFailure} />,
  );
  return { onSuccess, onFailure, user: userEvent.setup() };
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;

describe('NewPasswordForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the pattern and the confirmation before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderForm();
    await user.type(field('New password'), 'weak');
    await user.type(field('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(
      await screen.findByText(
        'The password must have at least 6 characters, including an uppercase letter and a digit',
      ),
    ).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the link with the new password', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, onSuccess } = renderForm();
    await user.type(field('New password'), 'Brandnew9');
    await user.type(field('Confirm new password'), 'Brandnew9');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/identity/account/reset-password');
    expect(JSON.parse(String(init?.body))).toEqual({
      userId: 7,
      token: 'tok',
      password: 'Brandnew9',
      confirmPassword: 'Brandnew9',
    });
  });

  it('treats a refused reset as an unusable link', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(400, 'RESET_TOKEN_UNUSABLE')),
    );
    const { user, onFailure, onSuccess } = renderForm();
    await user.type(field('New password'), 'Brandnew9');
    await user.type(field('Confirm new password'), 'Brandnew9');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(onFailure).toHaveBeenCalledTimes(1));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
