import { ALL_PERMISSIONS, PERMISSIONS, permissionArea, type PermissionDto, type RoleDto } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { RoleForm } from './role-form-dialog';

const catalogue: PermissionDto[] = ALL_PERMISSIONS.map((id) => ({
  id,
  displayName: PERMISSIONS[id],
  area: permissionArea(id),
}));

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Answers like the API: availability from `taken`, saves echo a role back. */
function stubApi({ taken = [] as string[] } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const availability = /\/is-available$/.exec(url) && decodeURIComponent(url.split('/').at(-2)!);
      if (availability) return jsonResponse(!taken.includes(availability));
      const role: RoleDto = {
        id: 7,
        version: '202',
        name: body.name,
        displayName: body.displayName,
        description: body.description,
        isStatic: false,
        permissions: body.permissions.map((id: string) => ({ id, displayName: id })),
      };
      return jsonResponse(role, { status: method === 'POST' ? 201 : 200 });
    }),
  );
  return calls;
}

function renderForm(role: RoleDto | null = null) {
  const onDone = vi.fn();
  renderWithProviders(<RoleForm role={role} catalogue={catalogue} onDone={onDone} />);
  return { onDone, user: userEvent.setup() };
}

const saves = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

describe('RoleForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for name, display name and at least one permission, without saving', async () => {
    const calls = stubApi();
    const { user, onDone } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(screen.getByText('Select at least one permission')).toBeTruthy();
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(saves(calls)).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('selects a whole area at once and saves the permissions picked', async () => {
    const calls = stubApi();
    const { user, onDone } = renderForm();

    await user.type(screen.getByLabelText(/^Name/), '  auditor ');
    await user.type(screen.getByLabelText(/^Display name/), 'Auditor');
    await user.click(screen.getByRole('checkbox', { name: 'Select all Coupons permissions' }));
    const coupons = screen.getByRole('group', { name: 'Coupons' });
    for (const box of within(coupons).getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'List roles' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(saves(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/identity/roles',
        body: {
          name: 'auditor',
          displayName: 'Auditor',
          description: null,
          permissions: ['role:list', 'coupon:list', 'coupon:add', 'coupon:change-status'],
        },
      },
    ]);
    expect(await screen.findByText('Auditor has been created successfully')).toBeTruthy();
  });

  it('says a name is taken when the field is left, and again on submit', async () => {
    const calls = stubApi({ taken: ['Admin'] });
    const { user } = renderForm();

    await user.type(screen.getByLabelText(/^Name/), 'Admin');
    await user.tab();
    expect(await screen.findByText('Admin is already taken. Try another.')).toBeTruthy();

    await user.type(screen.getByLabelText(/^Display name/), 'Administrators');
    await user.click(screen.getByRole('checkbox', { name: 'List roles' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Admin is already taken. Try another.')).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it('shows a static role read-only and sends its name and permissions as they are', async () => {
    const calls = stubApi();
    const role: RoleDto = {
      id: 3,
      version: '201',
      name: 'employee',
      displayName: 'Employee',
      description: null,
      isStatic: true,
      permissions: [
        { id: 'client:list', displayName: 'List clients' },
        { id: 'my-upload', displayName: 'My uploads (all permissions)' },
      ],
    };
    const { user, onDone } = renderForm(role);

    expect(screen.getByText('This is a static role: its name and permissions cannot be changed.')).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).disabled).toBe(true);
    const boxes = within(screen.getByRole('group', { name: 'Permissions' })).getAllByRole('checkbox');
    expect(boxes.every((box) => (box as HTMLInputElement).disabled)).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'List clients' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Upload documents' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Create clients' }) as HTMLInputElement).checked).toBe(false);

    const displayName = screen.getByLabelText(/^Display name/);
    await user.clear(displayName);
    await user.type(displayName, 'Staff');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(saves(calls)).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/identity/roles/3',
        body: { name: 'employee', displayName: 'Staff', description: null, permissions: ['client:list', 'my-upload'] },
      },
    ]);
  });
});
