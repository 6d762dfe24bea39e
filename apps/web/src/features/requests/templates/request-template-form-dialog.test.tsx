import {
  REQUEST_ITEM_KIND,
  REQUEST_TEMPLATE_ERROR,
  type DocumentTagGroupOption,
  type RequestTemplateDetails,
} from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { RequestTemplateForm } from './request-template-form-dialog';

const TAX = 1;
const BOOKKEEPING = 3;

const SERVICES = [
  { id: TAX, name: 'tax', displayName: 'Tax', color: '#1E88E5', departmentId: 1 },
  { id: BOOKKEEPING, name: 'bookkeeping', displayName: 'Bookkeeping', color: '#43A047', departmentId: 2 },
];

const GROUPS: DocumentTagGroupOption[] = [
  {
    id: 1,
    displayName: 'Document type',
    color: '#3949AB',
    isMainTagGroup: true,
    tags: [
      {
        id: 7,
        displayName: 'Other Documents',
        tagGroupId: 1,
        servicesItDepends: [TAX, BOOKKEEPING],
        tagGroupsItActivates: [],
      },
    ],
  },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The reference data, and a save that echoes the template back (or answers `saveError`). */
function stubApi({ saveError }: { saveError?: Response } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (url.includes('/document/services/all')) return jsonResponse(SERVICES);
      if (url.includes('/tag-groups')) return jsonResponse(GROUPS);
      if (saveError) return saveError;
      const saved: RequestTemplateDetails = {
        id: 9,
        version: '702',
        name: body.name,
        title: body.title,
        description: body.description,
        service: { id: body.serviceId, displayName: 'Tax' },
        dueOffsetDays: body.dueOffsetDays,
        itemCount: body.items.length,
        items: [],
      };
      return jsonResponse(saved, { status: method === 'POST' ? 201 : 200 });
    }),
  );
  return calls;
}

const saves = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

function renderForm(template: RequestTemplateDetails | null = null) {
  const onDone = vi.fn();
  renderWithProviders(<RequestTemplateForm template={template} onDone={onDone} />);
  return { onDone, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('RequestTemplateForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the name, title, service and each item title, without saving', async () => {
    const calls = stubApi();
    const { user, onDone } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Name, request title, service and the first item's title.
    expect(await screen.findAllByText('This field is required')).toHaveLength(4);
    expect(screen.getByRole('textbox', { name: /^Template name/ }).getAttribute('aria-invalid')).toBe('true');
    const item = screen.getByRole('region', { name: 'Item 1' });
    expect(
      within(item)
        .getByRole('textbox', { name: /^Item title/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(saves(calls)).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();

    // With no item at all the list itself says what is missing.
    await user.click(within(item).getByRole('button', { name: 'Remove item 1' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add at least one item')).toBeTruthy();
  });

  it('saves the template with its items in order, an answer item without tags', async () => {
    const calls = stubApi();
    const { user, onDone } = renderForm();

    await user.type(screen.getByRole('textbox', { name: /^Template name/ }), ' Year-end ');
    await user.type(screen.getByRole('textbox', { name: /^Request title/ }), 'Year-end tax documents');
    await choose(user, screen.getByRole('combobox', { name: /^Service/ }), 'Tax');
    const due = screen.getByRole('textbox', { name: /^Due after/ });
    await user.clear(due);
    await user.type(due, '21');

    const first = screen.getByRole('region', { name: 'Item 1' });
    await user.type(within(first).getByRole('textbox', { name: /^Item title/ }), 'W-2 forms');
    await choose(user, within(first).getByRole('combobox', { name: /^Document type/ }), 'Other Documents');

    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const second = screen.getByRole('region', { name: 'Item 2' });
    await user.type(within(second).getByRole('textbox', { name: /^Item title/ }), 'Did you sell a home?');
    await user.type(within(second).getByRole('textbox', { name: /^Item description/ }), 'Yes or no');
    await user.click(within(second).getByRole('radio', { name: 'Answer' }));
    await user.click(screen.getByRole('button', { name: 'Move Did you sell a home? up' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(saves(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/document/request-templates',
        body: {
          name: 'Year-end',
          title: 'Year-end tax documents',
          description: null,
          serviceId: TAX,
          dueOffsetDays: 21,
          items: [
            { title: 'Did you sell a home?', description: 'Yes or no', kind: REQUEST_ITEM_KIND.answer, tagIds: [] },
            { title: 'W-2 forms', description: null, kind: REQUEST_ITEM_KIND.documents, tagIds: [7] },
          ],
        },
      },
    ]);
    expect(await screen.findByText('The template Year-end has been created')).toBeTruthy();
    // Two items typed key by key and two dropdowns: slow in happy-dom on a busy machine.
  }, 20_000);

  it('names the tag a documents item still needs before saving', async () => {
    const calls = stubApi();
    const { user } = renderForm();

    await user.type(screen.getByRole('textbox', { name: /^Template name/ }), 'Receipts');
    await user.type(screen.getByRole('textbox', { name: /^Request title/ }), 'Receipts');
    await choose(user, screen.getByRole('combobox', { name: /^Service/ }), 'Bookkeeping');
    await user.type(screen.getByRole('textbox', { name: /^Item title/ }), 'Receipts');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Choose a document type tag')).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it('shows a taken name under the field and keeps what was typed', async () => {
    stubApi({ saveError: errorResponse(409, REQUEST_TEMPLATE_ERROR.nameTaken) });
    const template: RequestTemplateDetails = {
      id: 4,
      version: '640',
      name: 'Monthly bank statements',
      title: 'Bank statements',
      description: null,
      service: { id: TAX, displayName: 'Tax' },
      dueOffsetDays: 10,
      itemCount: 1,
      items: [
        { id: 11, position: 0, title: 'Statements', description: null, kind: REQUEST_ITEM_KIND.answer, tags: [] },
      ],
    };
    const { user, onDone } = renderForm(template);

    const name = screen.getByRole('textbox', { name: /^Template name/ });
    await user.clear(name);
    await user.type(name, 'Year-end tax documents');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Year-end tax documents is already taken. Try another.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect((name as HTMLInputElement).value).toBe('Year-end tax documents');
    expect((screen.getByRole('textbox', { name: /^Item title/ }) as HTMLInputElement).value).toBe('Statements');
    expect(onDone).not.toHaveBeenCalled();
  });
});
