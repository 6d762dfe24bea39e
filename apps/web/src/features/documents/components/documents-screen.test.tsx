import { ROLE_NAME, type DocumentListItemDto } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentClient, startSession } from '@/lib/session';
import { buildMyClient, buildSessionUser } from '@/testing/factories';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { DocumentsScreen } from './documents-screen';

function buildDocument(overrides: Partial<DocumentListItemDto> = {}): DocumentListItemDto {
  return {
    id: 1,
    version: String(900 + (overrides.id ?? 1)),
    displayName: 'Tax return 2025',
    clientId: 10,
    client: 'Acme LLC',
    serviceId: 3,
    service: { displayName: 'Tax', color: '#1E88E5' },
    tags: [
      {
        id: 4,
        displayName: 'Tax Return',
        tagGroup: { id: 1, displayName: 'Type', color: 'blue', isMainTagGroup: true },
      },
    ],
    description: null,
    status: 1,
    creationTime: '2026-03-07T10:00:00.000Z',
    creatorUser: { id: 7, fullName: 'Ada Lovelace' },
    numberOfComments: 2,
    type: 2,
    fileName: 'return.pdf',
    contentType: 'application/pdf',
    size: 1000,
    ...overrides,
  };
}

const rows = [buildDocument(), buildDocument({ id: 2, displayName: 'Payroll Q1', numberOfComments: 0 })];

function stubApi(handle: (url: URL, init?: RequestInit) => Response | undefined) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const answer = handle(url, init);
    if (answer) return answer;
    if (url.pathname.endsWith('/document/documents/default-filters')) return jsonResponse({ serviceId: 1 });
    if (url.pathname.endsWith('/document/documents/tag-groups')) return jsonResponse([]);
    if (url.pathname.endsWith('/document/services/all') || url.pathname.endsWith('/services')) return jsonResponse([]);
    if (/\/document\/documents\/(received|my-upload)$/.test(url.pathname) && (init?.method ?? 'GET') === 'GET') {
      return jsonResponse({ items: rows, totalCount: rows.length });
    }
    throw new Error(`Unexpected ${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof stubApi>, kind: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(input, 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => method === 'GET' && url.pathname === `/api/v1/document/documents/${kind}`);

const headers = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

// Whole screens with dialogs and selects: several seconds each in happy-dom on a busy 2-core machine.
const SCREEN_TIMEOUT = 20_000;
/** For waits on answers and dialogs: the default second is too tight when the whole suite runs in parallel. */
const WAIT = { timeout: 5_000 };

describe('DocumentsScreen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it(
    "staff on Received docs: Home's service and tags win over the default service; bulk status change",
    async () => {
      startSession({
        accessToken: 'token',
        user: buildSessionUser({ roles: [ROLE_NAME.employee] }),
        permissions: ['received:list', 'received:edit', 'received:delete', 'received:change-status'],
      });
      const fetchMock = stubApi((url, init) =>
        init?.method === 'PATCH' && url.pathname.endsWith('/received/status')
          ? new Response(null, { status: 204 })
          : undefined,
      );
      const user = userEvent.setup();
      renderWithProviders(<DocumentsScreen kind="received" title="Received docs" documentHref={(id) => `/d/${id}`} />, {
        route: '/received-docs?serviceId=3&tagId=4&tagId=9',
      });

      const table = await screen.findByRole('table', { name: 'Received docs' }, WAIT);
      await within(table).findByText('Tax return 2025', {}, WAIT);
      const [first] = listCalls(fetchMock, 'received');
      expect(first?.url.searchParams.get('serviceId')).toBe('3');
      expect(first?.url.searchParams.getAll('tags')).toEqual(['4', '9']);
      expect(headers()).toEqual(expect.arrayContaining(['Client', 'Status']));

      const changeStatus = screen.getByRole('button', { name: 'Change status' });
      expect(changeStatus).toHaveProperty('disabled', true);
      await user.click(screen.getByRole('checkbox', { name: 'Select all documents on this page' }));
      expect(screen.getByText('2 documents selected')).toBeTruthy();
      await user.click(changeStatus);

      const dialog = await screen.findByRole('dialog', { name: 'Change status' }, WAIT);
      await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
      expect(await within(dialog).findByText('This field is required', {}, WAIT)).toBeTruthy();
      const status = within(dialog).getByRole('combobox', { name: /^Status/ });
      await user.click(status);
      // The search panel has a status select of its own: pick from this one's list.
      const listbox = await waitFor(() => document.getElementById(status.getAttribute('aria-controls') ?? '')!, WAIT);
      await user.click(within(listbox).getByRole('option', { name: 'Done', hidden: true }));
      await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Filed');
      await user.click(within(dialog).getByRole('button', { name: 'Change status' }));

      expect(await screen.findByText('The status has been updated successfully', {}, WAIT)).toBeTruthy();
      const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
      // Each with the version the list showed: one changed meanwhile would refuse the whole change.
      expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
        documentIds: [1, 2],
        versions: ['901', '902'],
        status: 3,
        commentText: 'Filed',
      });
    },
    SCREEN_TIMEOUT,
  );

  it(
    'a name typed into the search keeps when the list answers meanwhile, and is what Search applies',
    async () => {
      startSession({
        accessToken: 'token',
        user: buildSessionUser({ roles: [ROLE_NAME.admin] }),
        permissions: ['received:list'],
      });
      let answerList: () => void = () => {};
      const listAnswered = new Promise<void>((resolve) => {
        answerList = resolve;
      });
      const fetchMock = stubApi(() => undefined);
      const stubbed = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input: string, init?: RequestInit) => {
        // The first page of the list arrives only once a name is typed: the screen renders again then.
        if (new URL(input, 'http://localhost').pathname.endsWith('/documents/received')) await listAnswered;
        return stubbed(input, init);
      });
      const user = userEvent.setup();
      renderWithProviders(<DocumentsScreen kind="received" title="Received docs" documentHref={(id) => `/d/${id}`} />, {
        route: '/received-docs',
      });

      await user.click(await screen.findByRole('button', { name: 'Search', expanded: false }, WAIT));
      const panel = await screen.findByRole('search', { name: 'Search filters' }, WAIT);
      const name = within(panel).getByRole('textbox', { name: 'Document name' });
      await user.type(name, 'Payroll');
      answerList();
      await within(await screen.findByRole('table', { name: 'Received docs' }, WAIT)).findByText(
        'Payroll Q1',
        {},
        WAIT,
      );
      expect(name).toHaveProperty('value', 'Payroll');

      await user.click(within(panel).getByRole('button', { name: 'Search' }));
      await waitFor(
        () => expect(listCalls(fetchMock, 'received').at(-1)?.url.searchParams.get('displayName')).toBe('Payroll'),
        WAIT,
      );
    },
    SCREEN_TIMEOUT,
  );

  it(
    "an employee's list starts with their department's service, and only once that is known",
    async () => {
      startSession({
        accessToken: 'token',
        user: buildSessionUser({ roles: [ROLE_NAME.employee] }),
        permissions: ['my-upload:list'],
      });
      const fetchMock = stubApi(() => undefined);
      renderWithProviders(<DocumentsScreen kind="my-upload" title="My uploads" documentHref={(id) => `/d/${id}`} />, {
        route: '/my-uploads',
      });

      await screen.findByText('Tax return 2025', {}, WAIT);
      const calls = listCalls(fetchMock, 'my-upload');
      expect(calls.map(({ url }) => url.searchParams.get('serviceId'))).toEqual(['1']);
      // Without my-upload:add there is no upload button, and without delete no delete.
      expect(screen.queryByRole('button', { name: 'Upload documents' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    },
    SCREEN_TIMEOUT,
  );

  it(
    'a client user on Received docs sees neither the client nor the status, and gets no default service',
    async () => {
      startSession({
        accessToken: 'token',
        user: buildSessionUser({ roles: [ROLE_NAME.client] }),
        permissions: ['received:list'],
      });
      setCurrentClient(buildMyClient());
      const fetchMock = stubApi(() => undefined);
      renderWithProviders(<DocumentsScreen kind="received" title="Received docs" documentHref={(id) => `/d/${id}`} />, {
        route: '/received-docs',
      });

      await screen.findByText('Tax return 2025', {}, WAIT);
      expect(headers()).not.toContain('Client');
      expect(headers()).not.toContain('Status');
      expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes('default-filters'))).toBe(false);
      expect(listCalls(fetchMock, 'received')[0]?.url.searchParams.has('serviceId')).toBe(false);
    },
    SCREEN_TIMEOUT,
  );

  it(
    'My uploads: delete names the count, sends the selected ids, and shows the empty state after',
    async () => {
      startSession({
        accessToken: 'token',
        user: buildSessionUser({ roles: [ROLE_NAME.client] }),
        permissions: ['my-upload:list', 'my-upload:delete', 'my-upload:add'],
      });
      setCurrentClient(buildMyClient());
      let deleted = false;
      const fetchMock = stubApi((url, init) => {
        if (init?.method === 'DELETE') {
          deleted = true;
          return new Response(null, { status: 204 });
        }
        if (deleted && url.pathname.endsWith('/my-upload')) return jsonResponse({ items: [], totalCount: 0 });
        return undefined;
      });
      const user = userEvent.setup();
      renderWithProviders(<DocumentsScreen kind="my-upload" title="My uploads" documentHref={(id) => `/d/${id}`} />, {
        route: '/my-uploads',
      });

      await screen.findByText('Payroll Q1', {}, WAIT);
      // On My uploads the status shows for everyone.
      expect(headers()).toContain('Status');
      await user.click(screen.getByRole('checkbox', { name: 'Select Payroll Q1' }));
      await user.click(screen.getByRole('button', { name: 'Delete' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete documents' }, WAIT);
      expect(within(dialog).getByText('Delete 1 document? This cannot be undone.')).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText('1 document has been deleted successfully', {}, WAIT)).toBeTruthy();
      const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
      expect(new URL(call![0], 'http://localhost').searchParams.getAll('ids')).toEqual(['2']);
      expect(await screen.findByText('There are no items to display.', {}, WAIT)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Upload your first documents' })).toBeTruthy();
    },
    SCREEN_TIMEOUT,
  );

  it(
    'Preview opens the viewer on the row, Next and Previous walk the page, Download saves under the real name; other types download',
    async () => {
      startSession({
        accessToken: 'token',
        user: buildSessionUser({ roles: [ROLE_NAME.client] }),
        permissions: ['received:list'],
      });
      setCurrentClient(buildMyClient());
      // Pictures: pdf.js needs a canvas, which happy-dom has not (the browser suite opens PDFs).
      const page = [
        buildDocument({ displayName: 'Scan', fileName: 'scan.jpg', contentType: 'image/jpeg' }),
        buildDocument({ id: 2, displayName: 'Receipt', fileName: 'receipt.png', contentType: 'image/png' }),
        buildDocument({
          id: 3,
          displayName: 'Payroll Q1',
          fileName: 'payroll.docx',
          contentType: 'application/msword',
        }),
      ];
      const file = (name: string, type: string) =>
        new Response(new Blob(['bytes'], { type }), {
          headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
        });
      const fetchMock = stubApi((url) => {
        if (url.pathname.endsWith('/received')) return jsonResponse({ items: page, totalCount: page.length });
        if (url.pathname.endsWith('/documents/1/preview')) return file('scan.jpg', 'image/jpeg');
        if (url.pathname.endsWith('/documents/2/preview')) return file('receipt.png', 'image/png');
        if (url.pathname.endsWith('/documents/3/preview')) return file('payroll.docx', 'application/msword');
        if (url.pathname.endsWith('/documents/1/download')) return file('scan.jpg', 'image/jpeg');
        return undefined;
      });
      URL.createObjectURL = vi.fn(() => 'blob:screen-test');
      URL.revokeObjectURL = vi.fn();
      const saved: string[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push(this.download);
      });
      const fileCalls = () =>
        fetchMock.mock.calls
          .map(([input]) => new URL(input, 'http://localhost').pathname)
          .filter((path) => /\/documents\/\d+\//.test(path));
      const user = userEvent.setup();
      renderWithProviders(<DocumentsScreen kind="received" title="Received docs" documentHref={(id) => `/d/${id}`} />, {
        route: '/received-docs',
      });

      await user.click(await screen.findByRole('button', { name: 'Preview Receipt' }, WAIT));
      let viewer = await screen.findByRole('dialog', { name: 'receipt.png' }, WAIT);
      expect(within(viewer).getByText('2 of 3')).toBeTruthy();
      expect(await within(viewer).findByRole('img', { name: 'receipt.png' }, WAIT)).toBeTruthy();
      expect(fileCalls()).toEqual(['/api/v1/document/documents/2/preview']);

      await user.click(within(viewer).getByRole('button', { name: 'Previous document' }));
      viewer = await screen.findByRole('dialog', { name: 'scan.jpg' }, WAIT);
      expect(await within(viewer).findByRole('img', { name: 'scan.jpg' }, WAIT)).toBeTruthy();
      await user.click(within(viewer).getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(saved).toEqual(['scan.jpg']), WAIT);
      expect(fileCalls()).toContain('/api/v1/document/documents/1/download');

      // The last row is a type the viewer does not show: it says so and offers Download.
      await user.click(within(viewer).getByRole('button', { name: 'Next document' }));
      await user.click(within(viewer).getByRole('button', { name: 'Next document' }));
      viewer = await screen.findByRole('dialog', { name: 'payroll.docx' }, WAIT);
      expect(within(viewer).getByText(/This type of file cannot be shown here/)).toBeTruthy();

      await user.click(within(viewer).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);

      // A type the viewer does not show downloads straight away, as before.
      await user.click(screen.getByRole('button', { name: 'Preview Payroll Q1' }));
      await waitFor(() => expect(saved).toEqual(['scan.jpg', 'payroll.docx']), WAIT);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    SCREEN_TIMEOUT,
  );
});
