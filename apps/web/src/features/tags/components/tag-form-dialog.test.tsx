import type { TagDto } from '@ledgerport/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { TagFormDialog } from './tag-form-dialog';

const MAIN_GROUP = { id: 1, displayName: 'Document type', isMainTagGroup: true };
const QUARTER_GROUP = { id: 2, displayName: 'Quarter', isMainTagGroup: false };

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake API: answers by path and remembers every call. `taken` lists values the checks refuse. */
function stubApi({ taken = [] as string[], services = true } = {}) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (url.pathname.endsWith('/is-available')) {
      const value = decodeURIComponent(url.pathname.split('/').at(-2)!);
      return jsonResponse(!taken.includes(value));
    }
    if (url.pathname === '/api/v1/document/services/all') {
      return services
        ? jsonResponse([
            { id: 11, name: 'tax', displayName: 'Tax', color: '#000000', departmentId: 1 },
            { id: 12, name: 'payroll', displayName: 'Payroll', color: '#000000', departmentId: 1 },
          ])
        : errorResponse(404, 'NOT_FOUND');
    }
    if (url.pathname === '/api/v1/document/tag-groups/all') {
      return jsonResponse([
        { value: '1', displayText: 'Document type' },
        { value: '2', displayText: 'Quarter' },
      ]);
    }
    if (method === 'POST' || method === 'PUT') {
      const body = JSON.parse(String(init!.body));
      return jsonResponse(
        {
          id: 99,
          version: '2',
          tagGroupId: 1,
          isActive: true,
          servicesItDepends: [],
          tagGroupsItActivates: [],
          ...body,
        },
        { status: method === 'POST' ? 201 : 200 },
      );
    }
    return errorResponse(404, 'NOT_FOUND');
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderDialog(props: { group: typeof MAIN_GROUP; tag?: TagDto | null }) {
  const onClose = vi.fn();
  renderWithProviders(<TagFormDialog opened group={props.group} tag={props.tag ?? null} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

describe('TagFormDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers services and activated groups for a tag of the main group', async () => {
    stubApi();
    renderDialog({ group: MAIN_GROUP });

    expect(await screen.findByRole('dialog', { name: 'Add tag to Document type' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Services it depends on' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Tag groups it activates' })).toBeTruthy();
  });

  it('leaves them out for a tag of any other group', async () => {
    const calls = stubApi();
    renderDialog({ group: QUARTER_GROUP });

    expect(await screen.findByRole('dialog', { name: 'Add tag to Quarter' })).toBeTruthy();
    expect(screen.getByLabelText(/^Name/)).toBeTruthy();
    expect(screen.queryByText('Services it depends on')).toBeNull();
    expect(screen.queryByText('Tag groups it activates')).toBeNull();
    // Nor does it load their options.
    expect(calls.some((call) => call.url.includes('/services/all') || call.url.includes('/tag-groups/all'))).toBe(
      false,
    );
  });

  it('asks for both names when submitted empty, without saving', async () => {
    const calls = stubApi();
    const { user, onClose } = renderDialog({ group: QUARTER_GROUP });

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(writes(calls)).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says a taken name is taken on blur, and does not save it', async () => {
    const calls = stubApi({ taken: ['Q1'] });
    const { user } = renderDialog({ group: QUARTER_GROUP });

    await user.type(await screen.findByLabelText(/^Name/), 'Q1');
    await user.tab();
    expect(await screen.findByText('Q1 is already taken. Try another.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/v1/document/tags/name/Q1/is-available?tagGroupId=2')).toBe(true);

    await user.type(screen.getByLabelText(/^Display name/), 'First quarter');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Q1 is already taken. Try another.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('creates a main-group tag with the chosen services and groups, trimmed', async () => {
    const calls = stubApi();
    const { user, onClose } = renderDialog({ group: MAIN_GROUP });

    await user.type(await screen.findByLabelText(/^Name/), '  w-2 ');
    await user.type(screen.getByLabelText(/^Display name/), 'W-2');
    await user.click(screen.getByRole('combobox', { name: 'Services it depends on' }));
    await user.click(await screen.findByRole('option', { name: 'Payroll', hidden: true }));
    await user.click(screen.getByRole('combobox', { name: 'Tag groups it activates' }));
    // A tag cannot activate its own group, so that group is not offered.
    expect(screen.queryByRole('option', { name: 'Document type', hidden: true })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Quarter', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/document/tags',
        body: { name: 'w-2', displayName: 'W-2', servicesItDepends: [12], tagGroupsItActivates: [2], tagGroupId: 1 },
      },
    ]);
    expect(await screen.findByText('W-2 has been created successfully')).toBeTruthy();
  });

  it('skips the checks for unchanged names when editing, and saves with PUT', async () => {
    const calls = stubApi({ taken: ['Q1'] });
    const tag: TagDto = {
      id: 5,
      version: '51',
      tagGroupId: 2,
      name: 'q1',
      displayName: 'Q1',
      isActive: true,
      servicesItDepends: [],
      tagGroupsItActivates: [],
    };
    const { user, onClose } = renderDialog({ group: QUARTER_GROUP, tag });

    expect(await screen.findByRole('dialog', { name: 'Edit tag' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.url.includes('is-available'))).toEqual([]);
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/document/tags/5',
        body: { name: 'q1', displayName: 'Q1', servicesItDepends: [], tagGroupsItActivates: [] },
      },
    ]);
  });

  it('still works when the services cannot be loaded, saying so under the field', async () => {
    stubApi({ services: false });
    renderDialog({ group: MAIN_GROUP });

    expect(await screen.findByText("An error occurred. Couldn't fetch data.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
