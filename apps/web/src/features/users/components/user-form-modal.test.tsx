import type { UserDetailsDto, RoleOption } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { UserFormModal, type UserFormTarget } from './user-form-modal';

// Typing into a dozen Mantine fields takes a few seconds under happy-dom.
vi.setConfig({ testTimeout: 20_000 });

const ROLES: RoleOption[] = [
  { value: '1', displayText: 'Admin', name: 'admin' },
  { value: '2', displayText: 'Advisor', name: 'advisor' },
  { value: '3', displayText: 'Supervisor', name: 'supervisor' },
  { value: '4', displayText: 'Employee', name: 'employee' },
  { value: '5', displayText: 'Client', name: 'client' },
];

function buildUser(overrides: Partial<UserDetailsDto> = {}): UserDetailsDto {
  return {
    id: 42,
    version: '401',
    firstName: 'Grace',
    lastName: 'Hopper',
    fullName: 'Grace Hopper',
    emailAddress: 'grace@example.com',
    username: 'grace',
    phoneNumber: '5550100555',
    extension: '1234',
    isActive: true,
    twoFactorEnabled: false,
    roles: [{ id: 4, name: 'employee', displayName: 'Employee' }],
    inviter: null,
    advisor: null,
    department: { id: 7, displayName: 'Tax' },
    supervisor: null,
    roleId: 4,
    advisorUserId: null,
    supervisorUserId: null,
    departmentId: 7,
    ...overrides,
  };
}

/** The API as the form sees it: option lists, the user being edited, availability and the save. */
function stubApi({ user = buildUser(), taken = [] as string[] } = {}) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = decodeURIComponent(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.endsWith('/identity/roles/all')) return jsonResponse(ROLES);
    if (url.endsWith('/identity/users/advisors/all'))
      return jsonResponse([{ value: '20', displayText: 'Ada Advisor' }]);
    if (url.endsWith('/identity/users/supervisors/all')) {
      return jsonResponse([{ value: '30', displayText: 'Sam Supervisor' }]);
    }
    if (url.endsWith('/identity/departments/all')) {
      return jsonResponse([
        { value: '7', displayText: 'Tax' },
        { value: '8', displayText: 'Payroll' },
      ]);
    }
    const availability = /\/(email-address|username)\/(.+)\/is-available$/.exec(url);
    if (availability) return jsonResponse(!taken.includes(availability[2]!.toLowerCase()));
    if (method === 'GET' && url.endsWith(`/identity/users/${user.id}`)) return jsonResponse(user);
    if (method === 'POST') return jsonResponse({ ...user, id: 99 }, { status: 201 });
    if (method === 'PUT') return jsonResponse(user);
    return jsonResponse({ error: { code: 'NOT_FOUND', message: url, requestId: 'x' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function renderModal(target: UserFormTarget) {
  const onClose = vi.fn();
  renderWithProviders(<UserFormModal target={target} onClose={onClose} />);
  await screen.findByRole('dialog', { name: target?.mode === 'edit' ? 'Edit user' : 'Create user' });
  // The form shows once the role choices (and, to edit, the user) have arrived.
  await screen.findByRole('textbox', { name: 'First name' });
  return { onClose, user: userEvent.setup() };
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

const field = (label: string) => screen.queryByRole('textbox', { name: label });
/** Mantine's Select is a combobox. */
const select = (label: string) => screen.queryByRole('combobox', { name: label });

describe('UserFormModal: role-dependent fields', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the advisor for a client, the department for an employee and the supervisor for an advisor', async () => {
    stubApi();
    const { user } = await renderModal({ mode: 'create' });
    expect(select('Advisor')).toBeNull();
    expect(select('Department')).toBeNull();
    expect(select('Supervisor')).toBeNull();
    expect(field('Extension')).not.toBeNull();
    // Create mode: no username (it comes from the e-mail), passwords are set now.
    expect(field('Username')).toBeNull();
    expect(screen.getByLabelText(/^Password/)).toBeTruthy();

    await chooseOption(user, 'Role', 'Client');
    expect(select('Advisor')).not.toBeNull();
    expect(field('Extension')).toBeNull();
    expect(select('Department')).toBeNull();

    await chooseOption(user, 'Role', 'Employee');
    expect(select('Department')).not.toBeNull();
    expect(select('Advisor')).toBeNull();
    expect(field('Extension')).not.toBeNull();

    await chooseOption(user, 'Role', 'Advisor');
    expect(select('Supervisor')).not.toBeNull();
    expect(select('Department')).toBeNull();
  });

  it('clears the fields that do not apply when the role changes', async () => {
    stubApi();
    const { user } = await renderModal({ mode: 'create' });

    await chooseOption(user, 'Role', 'Employee');
    await chooseOption(user, 'Department', 'Payroll');
    await user.type(field('Extension')!, '12ab345');
    expect((field('Extension') as HTMLInputElement).value).toBe('1234');

    await chooseOption(user, 'Role', 'Client');
    await chooseOption(user, 'Advisor', 'Ada Advisor');
    await chooseOption(user, 'Role', 'Employee');
    expect((select('Department') as HTMLInputElement).value).toBe('');
    expect((field('Extension') as HTMLInputElement).value).toBe('');

    await chooseOption(user, 'Role', 'Client');
    expect((select('Advisor') as HTMLInputElement).value).toBe('');
  });

  it('requires the role-dependent fields and creates with the role as a one-item list', async () => {
    const calls = stubApi();
    const { user, onClose } = await renderModal({ mode: 'create' });

    await user.type(field('First name')!, 'Ada');
    await user.type(field('Last name')!, 'Lovelace');
    await user.type(field('Email address')!, 'ada@example.com');
    await user.type(field('Phone number')!, '5550100555');
    await user.type(screen.getByLabelText(/^Password/), 'Secret12');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret12');
    await chooseOption(user, 'Role', 'Client');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(select('Advisor')!.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await chooseOption(user, 'Advisor', 'Ada Advisor');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toMatchObject({
      firstName: 'Ada',
      emailAddress: 'ada@example.com',
      roleId: 5,
      roles: [5],
      advisorUserId: 20,
      supervisorUserId: null,
      departmentId: null,
      extension: null,
    });
    expect(await screen.findByText('Ada Lovelace has been created successfully')).toBeTruthy();
  });

  it('says a taken e-mail address on blur and again on submit, and does not save', async () => {
    const calls = stubApi({ taken: ['taken@example.com'] });
    const { user } = await renderModal({ mode: 'create' });

    await user.type(field('Email address')!, 'taken@example.com');
    await user.tab();
    expect(await screen.findByText('taken@example.com is already taken. Try another.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('taken@example.com is already taken. Try another.')).toBeTruthy();
    expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks for matching passwords', async () => {
    stubApi();
    const { user } = await renderModal({ mode: 'create' });
    await user.type(screen.getByLabelText(/^Password/), 'Secret12');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret13');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
  });
});

describe('UserFormModal: edit mode', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('edits a staff user: username shown, no passwords, no client role to choose', async () => {
    const calls = stubApi({ taken: ['someone'] });
    const { user, onClose } = await renderModal({ mode: 'edit', userId: 42 });
    expect(await screen.findByDisplayValue('grace')).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect((select('Department') as HTMLInputElement).value).toBe('Tax');

    await user.click(select('Role')!);
    const listbox = await waitFor(() => document.getElementById(select('Role')!.getAttribute('aria-controls')!)!);
    expect(within(listbox).queryByRole('option', { name: 'Client', hidden: true })).toBeNull();
    expect(within(listbox).getByRole('option', { name: 'Advisor', hidden: true })).toBeTruthy();
    await user.keyboard('{Escape}');

    // The unchanged username is not checked; a changed one that is taken is refused.
    await user.click(field('Username')!);
    await user.tab();
    expect(calls.some((call) => call.url.includes('/username/'))).toBe(false);
    await user.clear(field('Username')!);
    await user.type(field('Username')!, 'someone');
    await user.tab();
    expect(await screen.findByText('someone is already taken. Try another.')).toBeTruthy();

    await user.clear(field('Username')!);
    await user.type(field('Username')!, 'grace2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({
      username: 'grace2',
      roleId: 4,
      departmentId: 7,
      extension: '1234',
    });
    expect(await screen.findByText('Grace Hopper has been updated successfully')).toBeTruthy();
  });

  it('keeps a client user a client: the role is fixed and there is no extension', async () => {
    stubApi({
      user: buildUser({
        roles: [{ id: 5, name: 'client', displayName: 'Client' }],
        roleId: 5,
        extension: null,
        department: null,
        departmentId: null,
        advisor: { id: 21, fullName: 'Former Advisor' },
        advisorUserId: 21,
      }),
    });
    await renderModal({ mode: 'edit', userId: 42 });
    await screen.findByDisplayValue('grace');
    const role = select('Role') as HTMLInputElement;
    expect(role.value).toBe('Client');
    expect(role.disabled).toBe(true);
    expect(field('Extension')).toBeNull();
    // An advisor who is no longer active still shows as the user's advisor.
    await waitFor(() => expect((select('Advisor') as HTMLInputElement).value).toBe('Former Advisor'));
  });
});
