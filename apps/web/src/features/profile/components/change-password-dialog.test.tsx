import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, renderWithProviders } from '@/testing/test-utils';
import { ChangePasswordDialog } from './change-password-dialog';

/** Opens and closes like the avatar menu does. */
function Harness({ onClose }: { onClose: () => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <ChangePasswordDialog
        opened={opened}
        onClose={() => {
          setOpened(false);
          onClose();
        }}
      />
    </>
  );
}

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(<Harness onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

// Required fields' labels end in an asterisk that is hidden from the accessible name.
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;

async function fill(user: ReturnType<typeof userEvent.setup>, values: [string, string, string]) {
  const [oldPassword, password, confirmPassword] = values;
  if (oldPassword) await user.type(field('Old password'), oldPassword);
  if (password) await user.type(field('New password'), password);
  if (confirmPassword) await user.type(field('Confirm new password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Change' }));
}

describe('ChangePasswordDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('validates all three fields without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderDialog();
    await screen.findByRole('dialog', { name: 'Change password' });

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(3);

    await fill(user, ['Secret1', 'weak', 'other']);
    expect(
      await screen.findByText(
        'The password must have at least 6 characters, including an uppercase letter and a digit',
      ),
    ).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for a new password that differs from the old one', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { user } = renderDialog();
    await fill(user, ['Secret1', 'Secret1', 'Secret1']);
    expect(await screen.findByText('The new password must differ from the old one')).toBeTruthy();
  });

  it('sends the three passwords, confirms and closes', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, onClose } = renderDialog();

    await fill(user, ['Secret1', 'Brandnew9', 'Brandnew9']);

    expect(await screen.findByText('Your password has been changed successfully')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/identity/users/me/password');
    expect(init?.method).toBe('PATCH');
    expect(JSON.parse(String(init?.body))).toEqual({
      oldPassword: 'Secret1',
      password: 'Brandnew9',
      confirmPassword: 'Brandnew9',
    });
  });

  it('says the old password is incorrect, clears it and stays open', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(400, 'OLD_PASSWORD_INCORRECT')),
    );
    const { user, onClose } = renderDialog();

    await fill(user, ['Wrong1', 'Brandnew9', 'Brandnew9']);

    expect(await screen.findByText('The old password is incorrect')).toBeTruthy();
    expect(field('Old password').value).toBe('');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says it could not change the password on any other failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(500, 'INTERNAL_ERROR')),
    );
    const { user } = renderDialog();
    await fill(user, ['Secret1', 'Brandnew9', 'Brandnew9']);
    expect(await screen.findByText("Couldn't change your password. Please try again.")).toBeTruthy();
  });

  it('starts empty again after being closed', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { user } = renderDialog();
    await user.type(field('Old password'), 'typed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await screen.findByRole('dialog', { name: 'Change password' });
    expect(field('Old password').value).toBe('');
  });
});
