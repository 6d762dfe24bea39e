import type { ServiceDto } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ServiceForm } from './service-form-dialog';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PNG_BASE64 = btoa(String.fromCharCode(...PNG));

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function stubApi() {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (url.endsWith('/identity/departments/all')) {
        return jsonResponse([
          { value: '1', displayText: 'Tax' },
          { value: '2', displayText: 'Payroll' },
        ]);
      }
      if (url.endsWith('/is-available')) return jsonResponse(true);
      const service: ServiceDto = { id: 5, version: '2', ...body, departmentDisplayName: 'Tax', isActive: true };
      return jsonResponse(service, { status: method === 'POST' ? 201 : 200 });
    }),
  );
  return calls;
}

function renderForm(service: ServiceDto | null = null) {
  const onDone = vi.fn();
  renderWithProviders(<ServiceForm service={service} onDone={onDone} />);
  return { onDone, user: userEvent.setup() };
}

const saves = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');
const iconInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('ServiceForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for name, display name and department; the colour starts as the default grey-blue', async () => {
    const calls = stubApi();
    const { user } = renderForm();

    expect((screen.getByLabelText(/^Color/) as HTMLInputElement).value).toBe('#607D8B');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText('This field is required')).toHaveLength(3);
    expect(saves(calls)).toEqual([]);
  });

  it('refuses a file that is not a PNG and saves a PNG icon as base64', async () => {
    const calls = stubApi();
    const { user, onDone } = renderForm();

    await user.type(screen.getByLabelText(/^Name/), 'audit');
    await user.type(screen.getByLabelText(/^Display name/), 'Audit');
    await user.click(screen.getByRole('combobox', { name: /^Department/ }));
    await user.click(await screen.findByRole('option', { name: 'Payroll', hidden: true }));

    const upload = userEvent.setup({ applyAccept: false });
    await upload.upload(iconInput(), new File(['GIF89a'], 'icon.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The icon must be a PNG image')).toBeTruthy();

    await upload.upload(iconInput(), new File([PNG], 'icon.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Icon preview' })).toBeTruthy();
    expect(screen.queryByText('The icon must be a PNG image')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(saves(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/document/services',
        body: { name: 'audit', displayName: 'Audit', departmentId: 2, color: '#607D8B', listIcon: PNG_BASE64 },
      },
    ]);
  });

  it('edits a service and can remove its icon', async () => {
    const calls = stubApi();
    const { user, onDone } = renderForm({
      id: 9,
      version: '91',
      name: 'tax',
      displayName: 'Tax',
      departmentId: 1,
      departmentDisplayName: 'Tax',
      color: '#1E88E5',
      isActive: true,
      listIcon: PNG_BASE64,
    });

    expect(screen.getByRole('img', { name: 'Icon preview' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove icon' }));
    expect(screen.queryByRole('img', { name: 'Icon preview' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    // Unchanged names are not checked again.
    expect(calls.some((call) => call.url.endsWith('/is-available'))).toBe(false);
    expect(saves(calls)).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/document/services/9',
        body: { name: 'tax', displayName: 'Tax', departmentId: 1, color: '#1E88E5', listIcon: null },
      },
    ]);
  });
});

describe('ServiceForm when someone else saved the service meanwhile', () => {
  afterEach(() => vi.unstubAllGlobals());

  const LOADED: ServiceDto = {
    id: 9,
    version: '41',
    name: 'tax',
    displayName: 'Tax',
    departmentId: 1,
    departmentDisplayName: 'Tax',
    color: '#1E88E5',
    isActive: true,
    listIcon: null,
  };
  const THEIRS: ServiceDto = { ...LOADED, version: '42', displayName: 'Taxes' };

  /** The first save is refused (412, Ann saved version 42); later saves succeed. */
  function stubStaleApi() {
    const puts: Array<{ ifMatch: string | null; body: Record<string, unknown> }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const method = init.method ?? 'GET';
        if (url.endsWith('/identity/departments/all')) return jsonResponse([{ value: '1', displayText: 'Tax' }]);
        if (url.endsWith('/is-available')) return jsonResponse(true);
        if (method === 'GET' && url.endsWith('/document/services/9')) return jsonResponse(THEIRS);
        if (method === 'PUT') {
          const body = JSON.parse(String(init.body));
          puts.push({ ifMatch: new Headers(init.headers).get('If-Match'), body });
          if (puts.length === 1) {
            return errorResponse(
              412,
              'STALE_VERSION',
              {},
              {
                changedBy: { id: 3, name: 'Ann Smith' },
                changedAt: '2024-05-01T10:00:00.000Z',
                currentVersion: '42',
              },
            );
          }
          return jsonResponse({ ...THEIRS, ...body, version: '43' });
        }
        return errorResponse(404, 'NOT_FOUND');
      }),
    );
    return puts;
  }

  it('keeps what was typed, names who saved and what they changed, and can take their changes in', async () => {
    const puts = stubStaleApi();
    const { user, onDone } = renderForm(LOADED);

    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'tax-prep');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone else saved this while you were editing');
    expect(alert.textContent).toContain('Ann Smith');
    expect(alert.textContent).toContain('They changed: Display name.');
    expect(puts[0]!.ifMatch).toBe('"41"');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('tax-prep');
    expect(onDone).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Take their changes, keep mine' }));
    expect((screen.getByLabelText(/^Display name/) as HTMLInputElement).value).toBe('Taxes');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('tax-prep');
    expect(screen.queryByRole('button', { name: 'Save mine over theirs' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(puts[1]).toMatchObject({ ifMatch: '"42"', body: { name: 'tax-prep', displayName: 'Taxes' } });
  });

  it('saves mine over theirs on purpose, with their version', async () => {
    const puts = stubStaleApi();
    const { user, onDone } = renderForm(LOADED);

    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'tax-prep');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Save mine over theirs' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(puts[1]).toMatchObject({ ifMatch: '"42"', body: { name: 'tax-prep', displayName: 'Tax' } });
  });
});
