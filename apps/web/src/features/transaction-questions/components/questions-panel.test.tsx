import type { TransactionQuestionDto } from '@ledgerport/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { QuestionsPanel } from './questions-panel';

const CLIENT_ID = 7;
const BASE = `/api/v1/document/clients/${CLIENT_ID}/transaction-questions`;
const categories = [
  { value: '3', label: 'Office supplies' },
  { value: '4', label: 'Meals' },
];

function question(overrides: Partial<TransactionQuestionDto> = {}): TransactionQuestionDto {
  return {
    id: 11,
    clientId: CLIENT_ID,
    transaction: {
      id: 501,
      date: '2025-03-04',
      name: 'Staples #1022',
      amount: -86.4,
      isoCurrencyCode: 'USD',
      accountId: 2,
      accountName: 'Business Checking',
      mask: '4321',
    },
    question: 'What did you buy here?',
    suggestedCategory: { id: 3, name: 'Office supplies' },
    status: 'waiting',
    askedAgainNote: null,
    answerCategory: null,
    answerNote: null,
    receipt: null,
    askedBy: 'Batch1 Group1',
    askedAt: '2025-03-10T14:00:00.000Z',
    answeredBy: null,
    answeredAt: null,
    resolvedBy: null,
    resolvedAt: null,
    version: '901',
    ...overrides,
  };
}

interface Call {
  url: string;
  method: string;
  ifMatch: string | null;
  body: unknown;
}

/** The API: the list answers `list()`; each PUT answers `put(url)` and is recorded. */
function stubApi(list: () => TransactionQuestionDto[], put: (call: Call) => Response = () => jsonResponse(question())) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET') return jsonResponse({ items: list(), totalCount: list().length });
      const call = {
        url,
        method,
        ifMatch: new Headers(init?.headers).get('if-match'),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      return put(call);
    }),
  );
  return calls;
}

/** The receipt upload goes through XMLHttpRequest (progress): method, headers and body recorded. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
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
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
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

function renderPanel(side: 'staff' | 'client', onChanged = vi.fn()) {
  renderWithProviders(
    <QuestionsPanel
      clientId={CLIENT_ID}
      isClient={side === 'client'}
      focusQuestionId={null}
      canReview={side === 'staff'}
      canAnswer={side === 'client'}
      categories={categories}
      receiptHref={(id) => `/documents/${id}`}
      onChanged={onChanged}
    />,
  );
  return onChanged;
}

const card = (name = /Staples #1022/) => screen.findByRole('listitem', { name });

describe('QuestionsPanel for the firm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the answer with its note and receipt, and resolves after a confirmation with If-Match', async () => {
    const answered = question({
      status: 'answered',
      answerCategory: { id: 4, name: 'Meals' },
      answerNote: 'Lunch with a client',
      receipt: { documentId: 88, name: 'lunch receipt' },
      answeredBy: 'Alex Owner',
      answeredAt: '2025-03-11T09:00:00.000Z',
    });
    let current = answered;
    const calls = stubApi(
      () => [current],
      () => jsonResponse((current = { ...answered, status: 'resolved', version: '902' })),
    );
    const user = userEvent.setup();
    const onChanged = renderPanel('staff');

    const item = await card();
    expect(within(item).getByText('Answered')).toBeTruthy();
    expect(within(item).getByText('Note: Lunch with a client')).toBeTruthy();
    expect(within(item).getByText('Category: Meals')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Open receipt lunch receipt' }).getAttribute('href')).toBe(
      '/documents/88',
    );
    await user.click(within(item).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the question' });
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ url: `${BASE}/11/resolve`, method: 'PUT', ifMatch: '"901"' });
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('asks again only with a note, sent with the version shown', async () => {
    const answered = question({
      status: 'answered',
      answerCategory: { id: 4, name: 'Meals' },
      answeredAt: '2025-03-11T09:00:00.000Z',
    });
    const calls = stubApi(() => [answered]);
    const user = userEvent.setup();
    renderPanel('staff');

    await user.click(within(await card()).getByRole('button', { name: 'Ask again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask the client again' });
    await user.click(within(dialog).getByRole('button', { name: 'Ask again' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'What the client should add' }), 'Which client?');
    await user.click(within(dialog).getByRole('button', { name: 'Ask again' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      url: `${BASE}/11/ask-again`,
      ifMatch: '"901"',
      body: { note: 'Which client?' },
    });
  });

  it('shows the empty state, and a failed load with Try again', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (fail ? errorResponse(500, 'INTERNAL_ERROR') : jsonResponse({ items: [], totalCount: 0 }))),
    );
    const user = userEvent.setup();
    renderPanel('staff');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('There are no items to display.')).toBeTruthy();
  });
});

describe('QuestionsPanel for the client', () => {
  beforeEach(() => {
    FakeXhr.last = null;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answers with the suggested category preselected, a note and a photo of the receipt, with progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    stubApi(() => [question({ askedAgainNote: 'Which store was it?' })]);
    const user = userEvent.setup({ applyAccept: false });
    const onChanged = renderPanel('client');

    const item = await card();
    expect(within(item).getByText('The firm asks again: Which store was it?')).toBeTruthy();
    expect((within(item).getByRole('combobox', { name: 'Category' }) as HTMLInputElement).value).toBe(
      'Office supplies',
    );
    await user.click(within(item).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Meals', hidden: true }));
    await user.type(within(item).getByRole('textbox', { name: 'Note (optional)' }), 'Team lunch');
    const camera = item.querySelector<HTMLInputElement>('input[type="file"][capture]')!;
    expect(camera.getAttribute('accept')).toBe('image/*');
    await user.upload(camera, new File(['jpeg bytes'], 'receipt.jpg', { type: 'image/jpeg' }));
    await user.click(within(item).getByRole('button', { name: 'Send answer' }));

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(`${BASE}/11/answer`);
    expect(xhr.headers['if-match']).toBe('"901"');
    expect(xhr.body!.get('CategoryId')).toBe('4');
    expect(xhr.body!.get('Note')).toBe('Team lunch');
    expect((xhr.body!.get('Files') as File).name).toBe('receipt.jpg');
    xhr.progress(40, 100);
    const bar = await within(item).findByRole('progressbar', { name: 'Upload progress' });
    await vi.waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    xhr.answer(200, question({ status: 'answered', version: '902' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('keeps what was typed when someone changed the question (412), and sends it over on purpose', async () => {
    const stale = errorResponse(
      412,
      'STALE_VERSION',
      {},
      {
        changedBy: { id: 3, name: 'Batch1 Group1' },
        changedAt: '2025-03-12T10:00:00.000Z',
        currentVersion: '950',
      },
    );
    let first = true;
    const calls = stubApi(
      () => [question()],
      () => {
        if (first) {
          first = false;
          return stale;
        }
        return jsonResponse(question({ status: 'answered', version: '951' }));
      },
    );
    const user = userEvent.setup();
    renderPanel('client');

    const item = await card();
    const note = within(item).getByRole('textbox', { name: 'Note (optional)' });
    await user.type(note, 'Printer paper');
    await user.click(within(item).getByRole('button', { name: 'Send answer' }));
    const alert = await within(item).findByRole('alert');
    expect(alert.textContent).toContain('Someone changed this question');
    expect(alert.textContent).toContain('Batch1 Group1');
    expect((note as HTMLTextAreaElement).value).toBe('Printer paper');
    expect(calls[0]).toMatchObject({ ifMatch: '"901"', body: { categoryId: 3, note: 'Printer paper' } });

    await user.click(within(alert).getByRole('button', { name: 'Send mine anyway' }));
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({ ifMatch: '"950"', body: { categoryId: 3, note: 'Printer paper' } });
  });

  it('offers no answer on a question that is not waiting, nor the firm’s buttons', async () => {
    stubApi(() => [
      question({
        status: 'answered',
        answeredAt: '2025-03-11T09:00:00.000Z',
        answerCategory: { id: 3, name: 'Office supplies' },
      }),
    ]);
    renderPanel('client');
    const item = await card();
    expect(within(item).queryByRole('button', { name: 'Send answer' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Resolve' })).toBeNull();
  });
});
