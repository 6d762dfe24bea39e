import {
  ERROR_CODE,
  REQUEST_ERROR,
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
  addDays,
  type DocumentTagGroupOption,
  type RequestDetails,
  type RequestItem,
  type RequestTemplateDetails,
} from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRequestDetails, buildRequestItem } from '@/testing/factories';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { RequestFormModal, type RequestFormModalProps } from './request-form-modal';

const TAX = 1;
const CLIENT = { id: 4, name: 'Batch1 Group1 LLC' };
const SERVICES = [{ id: TAX, name: 'tax', displayName: 'Tax', color: '#1E88E5', departmentId: 1 }];
const GROUPS: DocumentTagGroupOption[] = [
  {
    id: 1,
    displayName: 'Document type',
    color: '#3949AB',
    isMainTagGroup: true,
    tags: [{ id: 7, displayName: 'W-2', tagGroupId: 1, servicesItDepends: [TAX], tagGroupsItActivates: [] }],
  },
];

const TEMPLATE: RequestTemplateDetails = {
  id: 3,
  version: '501',
  name: 'Year-end tax documents',
  title: 'Year-end tax documents 2026',
  description: null,
  service: { id: TAX, displayName: 'Tax' },
  dueOffsetDays: 14,
  itemCount: 2,
  items: [
    {
      id: 30,
      position: 0,
      title: 'W-2 forms',
      description: null,
      kind: REQUEST_ITEM_KIND.documents,
      tags: [{ id: 7, displayName: 'W-2', tagGroupId: 1 }],
    },
    {
      id: 31,
      position: 1,
      title: 'Did you sell a home?',
      description: 'Yes or no',
      kind: REQUEST_ITEM_KIND.answer,
      tags: [],
    },
  ],
};

const requestItem = (overrides: Partial<RequestItem>) => buildRequestItem({ title: 'W-2 forms', ...overrides });

function details(overrides: Partial<RequestDetails> = {}): RequestDetails {
  const items = overrides.items ?? [requestItem({ id: 21 })];
  return buildRequestDetails(items, {
    client: CLIENT,
    service: { id: TAX, displayName: 'Tax' },
    dueDate: '2099-12-10',
    ...overrides,
  });
}

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The pickers' reference data; every save answers `save(call)`. */
function stubApi(save: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const path = new URL(url, 'http://localhost').pathname;
      if (call.method !== 'GET') return save(call);
      if (path === '/api/v1/document/clients/all')
        return jsonResponse([{ ...CLIENT, clientType: 2, isActive: true, advisor: null }]);
      if (path === `/api/v1/document/clients/${CLIENT.id}/services` || path === '/api/v1/document/services/all')
        return jsonResponse(SERVICES);
      if (path === '/api/v1/document/request-templates')
        return jsonResponse({ items: [{ ...TEMPLATE, items: undefined }], totalCount: 1 });
      if (path === `/api/v1/document/request-templates/${TEMPLATE.id}`) return jsonResponse(TEMPLATE);
      if (path === '/api/v1/document/documents/tag-groups') return jsonResponse(GROUPS);
      return jsonResponse([]);
    }),
  );
  return calls;
}

const saves = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

function renderModal(props: Partial<RequestFormModalProps> = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderWithProviders(<RequestFormModal opened onClose={onClose} onSaved={onSaved} {...props} />);
  return { onClose, onSaved, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

const itemTitles = () =>
  screen
    .getAllByRole('region', { name: /^Item \d+$/ })
    .map((region) => (within(region).getByRole('textbox', { name: /^Item title/ }) as HTMLInputElement).value);

/** Picks the client by typing, then the template; waits until the template's title is in. */
async function fromTemplate(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'New request' });
  await user.type(within(dialog).getByRole('combobox', { name: /^Client/ }), 'Batch');
  await user.click(await screen.findByRole('option', { name: CLIENT.name, hidden: true }));
  await choose(user, within(dialog).getByRole('combobox', { name: 'Start from a template' }), TEMPLATE.name);
  await waitFor(() =>
    expect((within(dialog).getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe(TEMPLATE.title),
  );
  return dialog;
}

describe('RequestFormModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fills title, items, service and due date from a template and sends them', async () => {
    const calls = stubApi(({ body }) =>
      jsonResponse(details({ title: (body as { title: string }).title }), { status: 201 }),
    );
    const { user, onSaved, onClose } = renderModal();

    const dialog = await fromTemplate(user);
    const due = addDays(dayjs().format('YYYY-MM-DD'), TEMPLATE.dueOffsetDays);
    expect(within(dialog).getByRole('button', { name: /^Due date/ }).textContent).toContain(
      dayjs(due).format('MMM D, YYYY'),
    );
    expect(itemTitles()).toEqual(['W-2 forms', 'Did you sell a home?']);
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: /^Service/ }) as HTMLInputElement).value).toBe('Tax'),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onClose).toHaveBeenCalled();
    expect(saves(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/v1/document/requests',
        body: {
          clientId: CLIENT.id,
          serviceId: TAX,
          templateId: TEMPLATE.id,
          title: TEMPLATE.title,
          description: null,
          dueDate: due,
          items: [
            { title: 'W-2 forms', description: null, kind: REQUEST_ITEM_KIND.documents, tagIds: [7] },
            { title: 'Did you sell a home?', description: 'Yes or no', kind: REQUEST_ITEM_KIND.answer, tagIds: [] },
          ],
          reminders: { enabled: true, cadence: null },
        },
      },
    ]);
  });

  it('shows a due date the server finds in the past under the due date field', async () => {
    stubApi(() =>
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Invalid',
            requestId: 'req-test',
            details: [{ field: 'dueDate', message: 'DUE_DATE_IN_PAST' }],
          },
        },
        { status: 400 },
      ),
    );
    const { user, onSaved } = renderModal();

    const dialog = await fromTemplate(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    const message = await within(dialog).findByText('The due date cannot be earlier than today');
    const dueField = within(dialog).getByRole('button', { name: /^Due date/ });
    expect(dueField.getAttribute('aria-invalid')).toBe('true');
    expect(dueField.getAttribute('aria-describedby')).toContain(message.id);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('saves an edit with PUT, keeping the ids of the items it keeps', async () => {
    const request = details({
      items: [
        requestItem({ id: 21, title: 'W-2 forms', status: REQUEST_ITEM_STATUS.submitted }),
        requestItem({ id: 22, position: 1, title: 'Bank statements' }),
      ],
    });
    const calls = stubApi(() => jsonResponse(request));
    const { user, onSaved } = renderModal({ request });

    const dialog = await screen.findByRole('dialog', { name: 'Edit request' });
    expect(within(dialog).queryByRole('combobox', { name: /^Client/ })).toBeNull();
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Year-end tax documents 2026 (revised)');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(saves(calls)).toEqual([
      {
        method: 'PUT',
        url: '/api/v1/document/requests/12',
        body: {
          title: 'Year-end tax documents 2026 (revised)',
          description: null,
          dueDate: '2099-12-10',
          items: [
            { id: 21, title: 'W-2 forms', description: null, kind: REQUEST_ITEM_KIND.documents, tagIds: [] },
            { id: 22, title: 'Bank statements', description: null, kind: REQUEST_ITEM_KIND.documents, tagIds: [] },
          ],
          reminders: { enabled: true, cadence: null },
        },
      },
    ]);
  });

  it('keeps what was typed when someone saved meanwhile, takes in their changes, and saves both', async () => {
    const request = details({ version: '1001' });
    const theirs = details({ version: '1002', dueDate: '2099-12-20' });
    const puts: Array<{ ifMatch: string | null; body: { title: string; dueDate: string } }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const path = new URL(url, 'http://localhost').pathname;
        if (init.method === 'PUT') {
          puts.push({ ifMatch: new Headers(init.headers).get('if-match'), body: JSON.parse(init.body as string) });
          if (puts.length === 1) {
            return errorResponse(
              412,
              ERROR_CODE.staleVersion,
              {},
              {
                changedBy: { id: 3, name: 'Avery Advisor' },
                changedAt: '2026-11-26T14:05:00.000Z',
                currentVersion: '1002',
              },
            );
          }
          return jsonResponse({ ...theirs, title: 'Year-end (revised)', version: '1003' });
        }
        if (path === '/api/v1/document/requests/12') return jsonResponse(theirs);
        if (path === '/api/v1/document/documents/tag-groups') return jsonResponse(GROUPS);
        return jsonResponse([]);
      }),
    );
    const { user, onSaved } = renderModal({ request });

    const dialog = await screen.findByRole('dialog', { name: 'Edit request' });
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await user.clear(title);
    await user.type(title, 'Year-end (revised)');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Avery Advisor saved it on');
    expect(alert.textContent).toContain('They changed: Due date.');
    expect((title as HTMLInputElement).value).toBe('Year-end (revised)');
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole('button', { name: 'Take their changes, keep mine' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(puts.map((put) => put.ifMatch)).toEqual(['"1001"', '"1002"']);
    expect(puts[1]!.body).toMatchObject({ title: 'Year-end (revised)', dueDate: '2099-12-20' });
  });

  it('explains an edit refused because a removed item has the client’s response', async () => {
    const request = details({ items: [requestItem({ id: 21 }), requestItem({ id: 22, title: 'Bank statements' })] });
    stubApi(() => errorResponse(409, REQUEST_ERROR.itemHasResponse));
    const { user, onSaved, onClose } = renderModal({ request });

    const dialog = await screen.findByRole('dialog', { name: 'Edit request' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Bank statements' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('An item you removed already has the client’s response');
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends to the listed clients with their search in the URL and reports who was skipped', async () => {
    const calls = stubApi(() => jsonResponse({ created: 2, skipped: 1 }));
    const { user, onClose } = renderModal({ clientsQuery: { search: 'Batch', isActive: true }, clientsCount: 3 });

    const dialog = await screen.findByRole('dialog', { name: 'Send a request to the listed clients' });
    expect(within(dialog).getByText(/^Your current search lists 3 clients\./)).toBeTruthy();
    expect(within(dialog).queryByRole('combobox', { name: /^Client/ })).toBeNull();
    await choose(user, within(dialog).getByRole('combobox', { name: 'Start from a template' }), TEMPLATE.name);
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: /^Service/ }) as HTMLInputElement).value).toBe('Tax'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Request sent to 2 clients; 1 skipped (they don’t use the service)')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    const [post] = saves(calls);
    const url = new URL(post!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/v1/document/requests/send-to-clients');
    expect(Object.fromEntries(url.searchParams)).toEqual({ search: 'Batch', isActive: 'true' });
    expect(post!.body).toEqual({
      serviceId: TAX,
      templateId: TEMPLATE.id,
      title: TEMPLATE.title,
      description: null,
      dueDate: addDays(dayjs().format('YYYY-MM-DD'), TEMPLATE.dueOffsetDays),
      items: [
        { title: 'W-2 forms', description: null, kind: REQUEST_ITEM_KIND.documents, tagIds: [7] },
        { title: 'Did you sell a home?', description: 'Yes or no', kind: REQUEST_ITEM_KIND.answer, tagIds: [] },
      ],
      reminders: { enabled: true, cadence: null },
    });
  });

  describe('reminders', () => {
    const field = (dialog: HTMLElement, name: string) =>
      within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;

    async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLInputElement, value: string) {
      await user.clear(input);
      if (value !== '') await user.type(input, value);
    }

    it('follow the firm’s schedule by default, or a cadence of the request’s own; an emptied field is refused', async () => {
      const calls = stubApi(({ body }) =>
        jsonResponse(details({ title: (body as { title: string }).title }), { status: 201 }),
      );
      const { user, onSaved } = renderModal();
      const dialog = await fromTemplate(user);
      const reminders = within(dialog).getByRole('group', { name: 'Reminders' });
      expect((within(reminders).getByRole('switch', { name: /^Send reminders/ }) as HTMLInputElement).checked).toBe(
        true,
      );
      expect(
        (within(reminders).getByRole('radio', { name: 'Use the firm’s schedule' }) as HTMLInputElement).checked,
      ).toBe(true);
      expect(within(reminders).queryByRole('textbox', { name: /^Days before/ })).toBeNull();

      await user.click(within(reminders).getByRole('radio', { name: 'Custom schedule' }));
      await retype(user, field(reminders, 'Days before the due date'), '5');
      await user.click(within(reminders).getByRole('switch', { name: 'On the due date' }));
      await retype(user, field(reminders, 'Then every so many days while overdue'), '2');
      await retype(user, field(reminders, 'At most this many reminders'), '');
      await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

      expect(await within(reminders).findByText('This field is required')).toBeTruthy();
      expect(saves(calls)).toEqual([]);

      await retype(user, field(reminders, 'At most this many reminders'), '3');
      await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

      await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
      expect((saves(calls)[0]!.body as { reminders: unknown }).reminders).toEqual({
        enabled: true,
        cadence: { daysBefore: 5, onDueDate: false, everyDaysOverdue: 2, maxCount: 3 },
      });
    });

    it('shows an edited request’s own cadence and saves it off, or back on the firm’s schedule', async () => {
      const own = { daysBefore: 10, onDueDate: true, everyDaysOverdue: 14, maxCount: 2 };
      const request = details({
        reminders: { enabled: true, cadence: own, effective: own, sentCount: 1, lastSentAt: '2026-11-20T13:00:00Z' },
      });
      const calls = stubApi(() => jsonResponse(request));
      const { user, onSaved } = renderModal({ request });

      const dialog = await screen.findByRole('dialog', { name: 'Edit request' });
      const reminders = within(dialog).getByRole('group', { name: 'Reminders' });
      expect((within(reminders).getByRole('radio', { name: 'Custom schedule' }) as HTMLInputElement).checked).toBe(
        true,
      );
      expect(field(reminders, 'Days before the due date').value).toBe('10');
      expect(field(reminders, 'Then every so many days while overdue').value).toBe('14');

      await user.click(within(reminders).getByRole('radio', { name: 'Use the firm’s schedule' }));
      await user.click(within(reminders).getByRole('switch', { name: /^Send reminders/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

      await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
      expect((saves(calls)[0]!.body as { reminders: unknown }).reminders).toEqual({ enabled: false, cadence: null });
    });

    it('says what the firm’s schedule is now on a request that follows it', async () => {
      stubApi(() => jsonResponse(details()));
      renderModal({ request: details() });
      const dialog = await screen.findByRole('dialog', { name: 'Edit request' });
      expect(
        within(dialog).getByText(
          'Now: 3 days before the due date, on the due date, every 7 days while overdue; at most 5 reminders',
        ),
      ).toBeTruthy();
    });
  });
});
