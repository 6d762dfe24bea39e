import { CLIENT_TYPE } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { CreateClientModal } from './create-client-modal';

// Typing into a dozen Mantine fields takes a few seconds under happy-dom.
vi.setConfig({ testTimeout: 20_000 });

/** The API as the form sees it: client-user search, advisors, e-mail availability and the create. */
function stubApi({ taken = [] as string[] } = {}) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = decodeURIComponent(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.includes('/identity/users/clients')) {
      return jsonResponse([{ value: '31', displayText: 'Olive Owner (olive@example.com)' }]);
    }
    if (url.endsWith('/identity/users/advisors/all'))
      return jsonResponse([{ value: '20', displayText: 'Ada Advisor' }]);
    const availability = /\/owner-email\/(.+)\/is-available$/.exec(url);
    if (availability) return jsonResponse(!taken.includes(availability[1]!.toLowerCase()));
    if (method === 'POST') {
      const body = JSON.parse(String(init!.body)) as {
        clientType: number;
        name?: string;
        firstName?: string;
        lastName?: string;
      };
      const name = body.name ?? `${body.firstName} ${body.lastName}`;
      return jsonResponse({ id: 77, clientType: body.clientType, name }, { status: 201 });
    }
    return jsonResponse({ error: { code: 'NOT_FOUND', message: url, requestId: 'x' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function renderModal(clientType: 1 | 2) {
  const onCreated = vi.fn();
  renderWithProviders(<CreateClientModal clientType={clientType} onClose={vi.fn()} onCreated={onCreated} />);
  await screen.findByRole('dialog', {
    name: clientType === CLIENT_TYPE.business ? 'Create business client' : 'Create personal client',
  });
  return { onCreated, user: userEvent.setup() };
}

const field = (label: string) => screen.queryByRole('textbox', { name: label });

describe('CreateClientModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires the business name and an owner, and does not save', async () => {
    const calls = stubApi();
    const { user } = await renderModal(CLIENT_TYPE.business);
    expect(field('First name')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findAllByText('This field is required')).length).toBe(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates a personal client for an owner found by remote search above 2 characters', async () => {
    const calls = stubApi();
    const { user, onCreated } = await renderModal(CLIENT_TYPE.personal);
    await user.type(field('First name')!, '  Petra ');
    await user.type(field('Last name')!, 'Personal');
    const owner = screen.getByRole('combobox', { name: 'Owner' });
    await user.type(owner, 'ol');
    expect(calls.some((call) => call.url.includes('/identity/users/clients'))).toBe(false);
    await user.type(owner, 'i');
    await user.click(await screen.findByRole('option', { name: 'Olive Owner (olive@example.com)', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 77, clientType: 2, name: 'Petra Personal' }));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ clientType: 2, firstName: 'Petra', lastName: 'Personal', ownerUserId: 31 });
    expect(await screen.findByText('Petra Personal has been created successfully')).toBeTruthy();
  });

  it('creates a business client with a new owner user', async () => {
    const calls = stubApi();
    const { user, onCreated } = await renderModal(CLIENT_TYPE.business);
    await user.type(field('Business name')!, 'Newco');
    await user.click(screen.getByRole('switch', { name: 'Create new user' }));
    expect(screen.queryByRole('combobox', { name: 'Owner' })).toBeNull();
    await user.type(field('Owner first name')!, 'Nora');
    await user.type(field('Owner last name')!, 'New');
    await user.type(field('E-mail address')!, 'nora@example.com');
    await user.type(field('Phone number')!, '5554441000');
    await user.click(screen.getByRole('combobox', { name: 'Advisor' }));
    await user.click(await screen.findByRole('option', { name: 'Ada Advisor', hidden: true }));
    await user.type(screen.getByLabelText(/^Password/), 'Secret12');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret13');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret12');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      clientType: 1,
      name: 'Newco',
      newOwner: {
        firstName: 'Nora',
        lastName: 'New',
        emailAddress: 'nora@example.com',
        phoneNumber: '5554441000',
        advisorUserId: 20,
        password: 'Secret12',
        confirmPassword: 'Secret12',
      },
    });
  });

  it("names a taken e-mail on blur, and a personal client's new owner has no name fields", async () => {
    const calls = stubApi({ taken: ['taken@example.com'] });
    const { user } = await renderModal(CLIENT_TYPE.personal);
    await user.click(screen.getByRole('switch', { name: 'Create new user' }));
    expect(field('Owner first name')).toBeNull();
    await user.type(field('E-mail address')!, 'taken@example.com');
    await user.tab();
    expect(await screen.findByText('taken@example.com is already taken. Try another.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('taken@example.com is already taken. Try another.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("shows a new owner's bad e-mail and weak password in their own words, not as missing", async () => {
    const calls = stubApi();
    const { user } = await renderModal(CLIENT_TYPE.personal);
    await user.click(screen.getByRole('switch', { name: 'Create new user' }));
    await user.type(field('E-mail address')!, 'eve@@bad');
    await user.type(screen.getByLabelText(/^Password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const email = field('E-mail address')!;
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(
      screen.getByText('The password must have at least 6 characters, including an uppercase letter and a digit'),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
