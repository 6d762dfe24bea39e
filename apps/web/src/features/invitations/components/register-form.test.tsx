import { REGISTRATION_ERROR_CODE } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { RegisterForm } from './register-form';

const EMAIL = 'nora@example.com';

function renderForm() {
  const onRegistered = vi.fn();
  const onInvalidToken = vi.fn();
  renderWithProviders(
    <RegisterForm
      registrationToken="token-1"
      emailAddress={EMAIL}
      onRegistered={onRegistered}
      onInvalidToken={onInvalidToken}
    />,
    { route: '/register?token=token-1' },
  );
  return { onRegistered, onInvalidToken, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name });
// Mantine appends the required asterisk to the label text.
const password = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('First name'), '  Nora ');
  await user.type(field('Last name'), 'Newcomer');
  await user.type(field('Phone number'), '(555) 010-2000');
  await user.type(password('Password'), 'Harbour7');
  await user.type(password('Confirm password'), 'Harbour7');
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Register' }));

describe('RegisterForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the invited address read-only, with the terms', () => {
    renderForm();
    const email = field('Email') as HTMLInputElement;
    expect(email.value).toBe(EMAIL);
    expect(email.readOnly).toBe(true);
    expect(screen.getByText(/By registering you accept the terms and conditions/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the terms and conditions' })).toBeTruthy();
  });

  it('requires the names, the phone and both passwords, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user, onRegistered } = renderForm();

    await submit(user);

    expect(await screen.findAllByText('This field is required')).toHaveLength(5);
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('checks the password pattern and the confirmation', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { user } = renderForm();
    await user.type(field('First name'), 'Nora');
    await user.type(field('Last name'), 'Newcomer');
    await user.type(field('Phone number'), '5550100555');
    await user.type(password('Password'), 'weakpass');
    await user.type(password('Confirm password'), 'other');

    await submit(user);

    expect(
      await screen.findByText(
        'The password must have at least 6 characters, including an uppercase letter and a digit',
      ),
    ).toBeTruthy();

    await user.clear(password('Password'));
    await user.type(password('Password'), 'Harbour7');
    await submit(user);
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
  });

  it('sends the registration payload, trimmed, and hands the credentials on', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse({ id: 42 }, { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const { user, onRegistered } = renderForm();

    await fillValid(user);
    await submit(user);

    await waitFor(() => expect(onRegistered).toHaveBeenCalledWith({ emailAddress: EMAIL, password: 'Harbour7' }));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/identity/register/client');
    expect(JSON.parse(String(init?.body))).toEqual({
      registrationToken: 'token-1',
      emailAddress: EMAIL,
      firstName: 'Nora',
      lastName: 'Newcomer',
      phoneNumber: '5550102000',
      password: 'Harbour7',
      confirmPassword: 'Harbour7',
    });
  });

  it('says when the address is already registered, and stays', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(409, REGISTRATION_ERROR_CODE.emailAlreadyRegistered)),
    );
    const { user, onRegistered, onInvalidToken } = renderForm();
    await fillValid(user);
    await submit(user);

    expect(await screen.findByText('This email address is already registered. Please log in.')).toBeTruthy();
    expect(onRegistered).not.toHaveBeenCalled();
    expect(onInvalidToken).not.toHaveBeenCalled();
  });

  it('says the link is used or expired and leaves', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(400, REGISTRATION_ERROR_CODE.invalidToken)),
    );
    const { user, onInvalidToken } = renderForm();
    await fillValid(user);
    await submit(user);

    expect(await screen.findByText('This registration link has already been used or has expired.')).toBeTruthy();
    expect(onInvalidToken).toHaveBeenCalledTimes(1);
  });

  it('shows the system error for anything else', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(500, 'INTERNAL_ERROR')),
    );
    const { user } = renderForm();
    await fillValid(user);
    await submit(user);

    expect(await screen.findByText('A system error occurred. Please try again later.')).toBeTruthy();
  });
});
