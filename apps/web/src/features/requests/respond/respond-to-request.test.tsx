import {
  REQUEST_ERROR,
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
  REQUEST_STATUS,
  type RequestDetails,
  type RequestItem,
} from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRequestDetails, buildRequestItem } from '@/testing/factories';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { RespondToRequest } from './respond-to-request';

const REQUEST_ID = 12;

const item = buildRequestItem;

const details = (items: RequestItem[], overrides: Partial<RequestDetails> = {}) =>
  buildRequestDetails(items, {
    id: REQUEST_ID,
    client: { id: 1, name: 'Batch1 Group1 LLC' },
    createdBy: { id: 5, name: 'Avery Advisor' },
    description: '<p>Please send <strong>everything</strong> by the due date.</p>',
    ...overrides,
  });

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Answers GET of the request with `current()`, and hands every other call to `other`. */
function stubApi(current: () => RequestDetails, other: Handler = () => errorResponse(500, 'INTERNAL_ERROR')) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === 'GET' && url === `/api/v1/document/requests/${REQUEST_ID}`) {
      return jsonResponse(current());
    }
    if ((init.method ?? 'GET') === 'GET') return jsonResponse({ items: [], totalCount: 0 });
    return other(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const itemCard = (title: string) => screen.getByRole('article', { name: title });

/** The upload's transport, driven step by step by the test (progress, then the answer). */
class FakeXhr {
  static last: FakeXhr | null = null;
  url = '';
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  abort() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('RespondToRequest', () => {
  beforeEach(() => {
    FakeXhr.last = null;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the request, its progress and each item with its status', async () => {
    stubApi(() =>
      details([
        item({ status: REQUEST_ITEM_STATUS.accepted }),
        item({ id: 2, title: 'Childcare receipts', kind: REQUEST_ITEM_KIND.both }),
      ]),
    );
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Year-end tax documents 2026' })).toBeTruthy();
    expect(screen.getByText('Tax')).toBeTruthy();
    expect(screen.getByText('Dec 10, 2026')).toBeTruthy();
    expect(screen.getByText('everything').tagName).toBe('STRONG');
    expect(screen.getByText('1 of 2 accepted')).toBeTruthy();
    expect(within(itemCard('W-2 and 1099 forms')).getByText('Accepted')).toBeTruthy();
    // Accepted: nothing more to do on it.
    expect(within(itemCard('W-2 and 1099 forms')).queryByRole('button')).toBeNull();
    const both = itemCard('Childcare receipts');
    expect(within(both).getByRole('button', { name: 'Choose files' })).toBeTruthy();
    expect(within(both).getByRole('textbox', { name: 'Your answer' })).toBeTruthy();
  });

  it('sends the answer and then shows it, waiting for the firm', async () => {
    let current = details([item({ id: 2, title: 'Did you sell a home?', kind: REQUEST_ITEM_KIND.answer })]);
    const fetchMock = stubApi(
      () => current,
      (url, init) => {
        const body = JSON.parse(String(init.body)) as { answer: string };
        current = details([
          item({
            id: 2,
            title: 'Did you sell a home?',
            kind: REQUEST_ITEM_KIND.answer,
            status: REQUEST_ITEM_STATUS.submitted,
            answer: body.answer,
          }),
        ]);
        return jsonResponse(current);
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);

    const card = await screen.findByRole('article', { name: 'Did you sell a home?' });
    await user.type(within(card).getByRole('textbox', { name: 'Your answer' }), '  No, we rent.  ');
    await user.click(within(card).getByRole('button', { name: 'Send answer' }));

    expect(await within(card).findByText("Waiting for the firm's review")).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe(`/api/v1/document/requests/${REQUEST_ID}/items/2/answer`);
    expect(JSON.parse(String(put[1]!.body))).toEqual({ answer: 'No, we rent.' });
    expect(within(card).getByText('Submitted')).toBeTruthy();
    expect(within(card).getByText('No, we rent.')).toBeTruthy();
    expect(within(card).queryByRole('textbox')).toBeNull();
  });

  it('asks for a reason before marking an item not applicable', async () => {
    let current = details([item({ title: 'Childcare receipts', kind: REQUEST_ITEM_KIND.both })]);
    const fetchMock = stubApi(
      () => current,
      (_url, init) => {
        const { reason } = JSON.parse(String(init.body)) as { reason: string };
        current = details([
          item({
            title: 'Childcare receipts',
            kind: REQUEST_ITEM_KIND.both,
            status: REQUEST_ITEM_STATUS.submitted,
            notApplicable: true,
            notApplicableReason: reason,
          }),
        ]);
        return jsonResponse(current);
      },
    );
    const user = userEvent.setup();
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);

    await user.click(
      within(await screen.findByRole('article', { name: 'Childcare receipts' })).getByRole('button', {
        name: 'Not applicable',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Not applicable' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'We had no childcare costs');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const card = itemCard('Childcare receipts');
    expect(await within(card).findByText('Not applicable: We had no childcare costs')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe(`/api/v1/document/requests/${REQUEST_ID}/items/1/not-applicable`);
    expect(JSON.parse(String(put[1]!.body))).toEqual({ reason: 'We had no childcare costs' });
  });

  it('sends the chosen files in one upload with a progress bar, then shows the item submitted with its files', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let current = details([item()]);
    stubApi(() => current);
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);

    const card = await screen.findByRole('article', { name: 'W-2 and 1099 forms' });
    const input = card.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, [
      new File(['%PDF-1.4 w2'], 'w2.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.4 1099'], '1099.pdf', { type: 'application/pdf' }),
    ]);
    expect(within(card).getByRole('list', { name: 'Files to send' }).textContent).toContain('1099.pdf');
    await user.click(within(card).getByRole('button', { name: 'Send files' }));

    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe(`/api/v1/document/requests/${REQUEST_ID}/items/1/files`);
    expect(xhr.body!.getAll('Files').map((file) => (file as File).name)).toEqual(['w2.pdf', '1099.pdf']);
    xhr.progress(50, 100);
    const bar = await within(card).findByRole('progressbar', { name: 'Upload progress' });
    await vi.waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));

    current = details([
      item({
        status: REQUEST_ITEM_STATUS.submitted,
        documents: [
          {
            id: 8,
            displayName: 'w2',
            fileName: 'w2.pdf',
            contentType: 'application/pdf',
            size: 1536,
            createdAt: '2026-11-26T10:00:00.000Z',
          },
        ],
      }),
    ]);
    xhr.answer(201, { documents: [{ id: 8, fileName: 'w2.pdf', displayName: 'w2' }], rejected: [] });

    expect(await within(card).findByText("Waiting for the firm's review")).toBeTruthy();
    expect(within(card).getByText('Submitted')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Files sent' }).textContent).toContain('w2.pdf 1.5 KB');
    expect(within(card).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    expect(within(card).queryByRole('button', { name: 'Send files' })).toBeNull();
  });

  it('offers the camera on its own button beside Choose files, and the types the server stores to the picker', async () => {
    stubApi(() => details([item()]));
    // The hidden input sits in the drop area's text, which lets pointers through to the drop area;
    // its button opens it, as the picker's does.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);

    const card = await screen.findByRole('article', { name: 'W-2 and 1099 forms' });
    expect(within(card).getByRole('button', { name: 'Choose files' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Take a photo' })).toBeTruthy();
    const [picker, camera] = [...card.querySelectorAll<HTMLInputElement>('input[type="file"]')];
    // Choosing files never forces the camera; it offers photos, PDFs and the office types.
    expect(picker!.hasAttribute('capture')).toBe(false);
    expect(picker!.accept.split(',')).toEqual(expect.arrayContaining(['image/*', 'application/pdf', '.pdf', '.xlsx']));
    expect(camera!.getAttribute('capture')).toBe('environment');
    expect(camera!.accept).toBe('image/*');

    await user.upload(camera!, new File(['jpeg'], 'receipt.jpg', { type: 'image/jpeg' }));
    expect(within(card).getByRole('list', { name: 'Files to send' }).textContent).toContain('receipt.jpg');
  });

  it('asks for the Quarter and Year a bank-statement item leaves open, and sends them with the files', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const groups = [
      {
        id: 1,
        displayName: 'Document type',
        color: '#000',
        isMainTagGroup: true,
        tags: [
          { id: 10, displayName: 'bank statement', tagGroupId: 1, servicesItDepends: [], tagGroupsItActivates: [2, 3] },
        ],
      },
      {
        id: 2,
        displayName: 'Quarter',
        color: '#000',
        isMainTagGroup: false,
        tags: [{ id: 20, displayName: 'Q4', tagGroupId: 2, servicesItDepends: [], tagGroupsItActivates: [] }],
      },
      {
        id: 3,
        displayName: 'Year',
        color: '#000',
        isMainTagGroup: false,
        tags: [{ id: 30, displayName: '2026', tagGroupId: 3, servicesItDepends: [], tagGroupsItActivates: [] }],
      },
    ];
    const statement = item({
      title: 'Bank statements',
      tags: [{ id: 10, displayName: 'bank statement', tagGroupId: 1 }],
    });
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/v1/document/documents/tag-groups' ? jsonResponse(groups) : jsonResponse(details([statement])),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);

    const card = await screen.findByRole('article', { name: 'Bank statements' });
    const quarter = await within(card).findByRole('combobox', { name: /^Quarter/ });
    await user.upload(card.querySelector<HTMLInputElement>('input[type="file"]')!, [
      new File(['%PDF-1.4 nov'], 'november.pdf', { type: 'application/pdf' }),
    ]);
    await user.click(within(card).getByRole('button', { name: 'Send files' }));
    expect(FakeXhr.last).toBeNull();
    expect(within(card).getAllByText('This field is required')).toHaveLength(2);

    await user.click(quarter);
    await user.click(await screen.findByRole('option', { name: 'Q4', hidden: true }));
    await user.click(within(card).getByRole('combobox', { name: /^Year/ }));
    await user.click(await screen.findByRole('option', { name: '2026', hidden: true }));
    await user.click(within(card).getByRole('button', { name: 'Send files' }));
    expect(FakeXhr.last!.body!.getAll('Tags')).toEqual(['20', '30']);
  });

  it('says which file was refused when every file is', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    stubApi(() => details([item()]));
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);

    const card = await screen.findByRole('article', { name: 'W-2 and 1099 forms' });
    await user.upload(card.querySelector<HTMLInputElement>('input[type="file"]')!, [
      new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }),
    ]);
    await user.click(within(card).getByRole('button', { name: 'Send files' }));
    FakeXhr.last!.answer(415, { error: { code: 'UNSUPPORTED_FILE_TYPE', message: 'No', requestId: 'r' } });

    expect(await within(card).findByText('This file type is not allowed')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Send files' })).toBeTruthy();
  });

  it('shows the firm’s note on a returned item and starts from the answer sent before', async () => {
    stubApi(() =>
      details([
        item({
          title: 'Did you sell a home?',
          kind: REQUEST_ITEM_KIND.answer,
          status: REQUEST_ITEM_STATUS.returned,
          answer: 'No.',
          returnNote: 'Please also tell us about any refinancing.',
        }),
      ]),
    );
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);

    const card = await screen.findByRole('article', { name: 'Did you sell a home?' });
    expect(within(card).getByText('Returned')).toBeTruthy();
    expect(within(card).getByText('The firm returned this item')).toBeTruthy();
    expect(within(card).getByText('Please also tell us about any refinancing.')).toBeTruthy();
    expect(within(card).getByRole<HTMLTextAreaElement>('textbox', { name: 'Your answer' }).value).toBe('No.');
  });

  it('asks to reload when the item changed meanwhile', async () => {
    stubApi(
      () => details([item({ kind: REQUEST_ITEM_KIND.answer })]),
      () => errorResponse(409, REQUEST_ERROR.itemNotAwaitingClient),
    );
    const user = userEvent.setup();
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);

    const card = await screen.findByRole('article', { name: 'W-2 and 1099 forms' });
    await user.type(within(card).getByRole('textbox', { name: 'Your answer' }), 'Here');
    await user.click(within(card).getByRole('button', { name: 'Send answer' }));

    expect((await within(card).findByRole('alert')).textContent).toContain('Reload the page to see where it stands');
    expect(within(card).getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('offers nothing on a cancelled request, and says a completed one is complete', async () => {
    stubApi(() => details([item()], { status: REQUEST_STATUS.cancelled }));
    const { unmount } = renderWithProviders(<RespondToRequest id={REQUEST_ID} />);
    expect(await screen.findByText('The firm cancelled this request. There is nothing more to do here.')).toBeTruthy();
    expect(within(itemCard('W-2 and 1099 forms')).queryByRole('button')).toBeNull();
    unmount();

    stubApi(() => details([item({ status: REQUEST_ITEM_STATUS.accepted })], { status: REQUEST_STATUS.completed }));
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);
    expect(await screen.findByText(/This request is complete/)).toBeTruthy();
  });

  it('marks an overdue request in words, not colour alone', async () => {
    stubApi(() => details([item()], { isOverdue: true, dueDate: '2026-01-05' }));
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);
    expect(await screen.findByText('Overdue')).toBeTruthy();
  });

  it('says a request outside the client’s reach is not available, with the way back', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(404, 'NOT_FOUND')),
    );
    renderWithProviders(<RespondToRequest id={REQUEST_ID} />);

    expect(await screen.findByRole('heading', { name: "This request isn't available" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to To do' }).getAttribute('href')).toBe('/to-do');
  });
});
