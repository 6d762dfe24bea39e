import {
  REQUEST_ERROR,
  REQUEST_ITEM_KIND,
  REQUEST_ITEM_STATUS,
  REQUEST_STATUS,
  ROLE_NAME,
  type RequestDetails,
  type RequestItem,
} from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '@/lib/session';
import { buildRequestDetails, buildRequestItem, buildSessionUser } from '@/testing/factories';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { RequestReview } from './request-review';

const REQUEST_ID = 12;
const DETAILS_URL = `/api/v1/document/requests/${REQUEST_ID}`;

const item = buildRequestItem;

/** What the client sent for "Did you sell a home?", waiting on the firm. */
const submittedAnswer = (overrides: Partial<RequestItem> = {}) =>
  item({
    id: 2,
    title: 'Did you sell a home?',
    kind: REQUEST_ITEM_KIND.answer,
    status: REQUEST_ITEM_STATUS.submitted,
    answer: 'No, we rent.',
    submittedAt: '2026-11-21T09:30:00.000Z',
    submittedBy: { id: 7, name: 'Batch1 Group1' },
    ...overrides,
  });

const details = (items: RequestItem[], overrides: Partial<RequestDetails> = {}) =>
  buildRequestDetails(items, { id: REQUEST_ID, ...overrides });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;

/** GET of the request answers `current()`; any other GET is an empty list; the rest goes to `change`. */
function stubApi(current: () => RequestDetails | Response, change: Handler = () => errorResponse(500, 'INTERNAL')) {
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
      if (call.method === 'GET' && url === DETAILS_URL) {
        const answer = current();
        return answer instanceof Response ? answer : jsonResponse(answer);
      }
      if (call.method === 'GET') return jsonResponse({ items: [], totalCount: 0 });
      return change(call);
    }),
  );
  return calls;
}

const changes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

function renderReview() {
  renderWithProviders(<RequestReview id={REQUEST_ID} listHref="/requests" documentHref={(id) => `/documents/${id}`} />);
  return userEvent.setup();
}

const itemCard = (title: string) => screen.findByRole('region', { name: title });

describe('RequestReview', () => {
  beforeEach(() => {
    startSession({
      accessToken: 'token',
      user: buildSessionUser({ roles: [ROLE_NAME.admin] }),
      permissions: ['request:list', 'request:edit', 'request:delete', 'request:review'],
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows what the client sent and offers Accept and Return only on a submitted item', async () => {
    stubApi(() =>
      details([
        item({
          documents: [
            {
              id: 31,
              displayName: 'W-2 Acme.pdf',
              fileName: 'w2.pdf',
              contentType: 'application/pdf',
              size: 2048,
              createdAt: '2026-11-21T09:00:00.000Z',
            },
          ],
        }),
        submittedAnswer(),
      ]),
    );
    renderReview();

    expect(await screen.findByRole('heading', { level: 1, name: 'Year-end tax documents 2026' })).toBeTruthy();
    const waiting = await itemCard('W-2 and 1099 forms');
    expect(within(waiting).getByText('Requested')).toBeTruthy();
    expect(within(waiting).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(within(waiting).getByRole('link', { name: 'Open W-2 Acme.pdf' }).getAttribute('href')).toBe('/documents/31');
    expect(within(waiting).getByRole('button', { name: 'Download W-2 Acme.pdf' })).toBeTruthy();

    const submitted = await itemCard('Did you sell a home?');
    expect(within(submitted).getByText('Submitted')).toBeTruthy();
    expect(within(submitted).getByText('No, we rent.')).toBeTruthy();
    expect(within(submitted).getByRole('button', { name: 'Accept Did you sell a home?' })).toBeTruthy();
    expect(within(submitted).getByRole('button', { name: 'Return Did you sell a home? for revision' })).toBeTruthy();
  });

  it('accepts an item and shows it accepted from the answered details', async () => {
    // The GET keeps answering "submitted": what the page shows after Accept is the PUT's answer.
    const calls = stubApi(
      () => details([submittedAnswer()]),
      () =>
        jsonResponse(
          details([
            submittedAnswer({
              status: REQUEST_ITEM_STATUS.accepted,
              reviewedAt: '2026-11-22T10:00:00.000Z',
              reviewedBy: { id: 1, name: 'Ada Lovelace' },
            }),
          ]),
        ),
    );
    const user = renderReview();

    const card = await itemCard('Did you sell a home?');
    await user.click(within(card).getByRole('button', { name: 'Accept Did you sell a home?' }));

    expect(await within(card).findByText('Accepted')).toBeTruthy();
    expect(within(card).getByText(/accepted by Ada Lovelace/)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(changes(calls)).toEqual([{ method: 'PUT', url: `${DETAILS_URL}/items/2/accept`, body: undefined }]);
    expect(await screen.findByText('Did you sell a home? accepted')).toBeTruthy();
  });

  it('returns an item only with a note, and sends the note', async () => {
    let current = details([submittedAnswer()]);
    const calls = stubApi(
      () => current,
      ({ body }) => {
        current = details([
          submittedAnswer({ status: REQUEST_ITEM_STATUS.returned, returnNote: (body as { note: string }).note }),
        ]);
        return jsonResponse(current);
      },
    );
    const user = renderReview();

    const card = await itemCard('Did you sell a home?');
    await user.click(within(card).getByRole('button', { name: 'Return Did you sell a home? for revision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return for revision' });
    await user.click(within(dialog).getByRole('button', { name: 'Return item' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(changes(calls)).toEqual([]);

    await user.type(
      within(dialog).getByRole('textbox', { name: /^Note to the client/ }),
      '  Which year did you move?  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Return item' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Return for revision' })).toBeNull());
    expect(changes(calls)).toEqual([
      { method: 'PUT', url: `${DETAILS_URL}/items/2/return`, body: { note: 'Which year did you move?' } },
    ]);
    expect(within(card).getByText('Returned')).toBeTruthy();
    expect(within(card).getByText('Which year did you move?')).toBeTruthy();
  });

  it('says the request is no longer open when the API refuses the review with REQUEST_NOT_OPEN', async () => {
    stubApi(
      () => details([submittedAnswer()]),
      () => errorResponse(409, REQUEST_ERROR.notOpen),
    );
    const user = renderReview();

    const card = await itemCard('Did you sell a home?');
    await user.click(within(card).getByRole('button', { name: 'Accept Did you sell a home?' }));

    expect(
      await screen.findByText('This request is no longer open. Reload the page to see its current state.'),
    ).toBeTruthy();
  });

  it('cancels the request only after the confirmation', async () => {
    let current = details([submittedAnswer()]);
    const calls = stubApi(
      () => current,
      () => {
        current = details([submittedAnswer()], {
          status: REQUEST_STATUS.cancelled,
          cancelledAt: '2026-11-23T08:00:00.000Z',
        });
        // As the API answers a cancel: no body; the page reads the request again.
        return new Response(null, { status: 204 });
      },
    );
    const user = renderReview();

    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel request' });
    expect(
      within(dialog).getByText(/Year-end tax documents 2026 for Batch1 Group1 LLC will be cancelled/),
    ).toBeTruthy();
    expect(changes(calls)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));

    await waitFor(() => expect(changes(calls)).toEqual([{ method: 'DELETE', url: DETAILS_URL, body: undefined }]));
    expect(await screen.findByText('Cancelled', { selector: '.mantine-Badge-label' })).toBeTruthy();
    // A cancelled request is not edited, cancelled again or reviewed.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Accept/ })).toBeNull();
  });

  it('keeps the request when the confirmation is dismissed', async () => {
    const calls = stubApi(() => details([submittedAnswer()]));
    const user = renderReview();

    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel request' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep request' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel request' })).toBeNull());
    expect(changes(calls)).toEqual([]);
  });

  it('says a request it cannot find does not exist, with the way back to the list', async () => {
    stubApi(() => errorResponse(404, 'NOT_FOUND'));
    renderReview();

    expect(await screen.findByText("This request doesn't exist or you can't see it.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to requests' }).getAttribute('href')).toBe('/requests');
  });

  describe('Remind now', () => {
    const RECIPIENTS_URL = `${DETAILS_URL}/reminder-recipients`;

    /** The request, who Remind now reaches, and the POST's answer. */
    function stubRemind(recipients: Array<{ id: number; name: string; remindedToday: boolean }>, answer: Response) {
      const posts: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init: RequestInit = {}) => {
          if (init.method === 'POST') {
            posts.push(url);
            return answer;
          }
          if (url === DETAILS_URL) return jsonResponse(details([item()]));
          if (url === RECIPIENTS_URL) return jsonResponse({ recipients });
          return jsonResponse({ items: [], totalCount: 0 });
        }),
      );
      return posts;
    }

    it('shows the schedule that applies and how many reminders went out', async () => {
      stubRemind([], jsonResponse({}));
      renderReview();
      expect(
        await screen.findByText(
          '3 days before the due date, on the due date, every 7 days while overdue; at most 5 reminders',
        ),
      ).toBeTruthy();
      expect(screen.getByText('None sent yet')).toBeTruthy();
    });

    it('names who will be reminded, marks who had today’s already, and says how many were reminded', async () => {
      const posts = stubRemind(
        [
          { id: 7, name: 'Batch1 Group1', remindedToday: false },
          { id: 8, name: 'Casey Collaborator', remindedToday: true },
        ],
        jsonResponse({ reminded: 1, alreadyReminded: 1, requestsSkipped: 0 }),
      );
      const user = renderReview();

      await user.click(await screen.findByRole('button', { name: 'Remind now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remind now' });
      const people = await within(dialog).findAllByRole('listitem');
      expect(people.map((person) => person.textContent)).toEqual([
        'Batch1 Group1',
        'Casey Collaborator (already reminded today: skipped)',
      ]);
      await user.click(within(dialog).getByRole('button', { name: 'Send reminders' }));

      expect(await screen.findByText('Reminded 1 person; 1 already had a reminder today')).toBeTruthy();
      expect(posts).toEqual([`${DETAILS_URL}/remind`]);
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remind now' })).toBeNull());
    });

    it('sends nothing when nobody is waited on, and says why', async () => {
      const posts = stubRemind([], jsonResponse({}));
      const user = renderReview();

      await user.click(await screen.findByRole('button', { name: 'Remind now' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remind now' });
      expect(
        await within(dialog).findByText(
          'Nothing on this request is waiting on the client, so nobody would be reminded.',
        ),
      ).toBeTruthy();
      expect((within(dialog).getByRole('button', { name: 'Send reminders' }) as HTMLButtonElement).disabled).toBe(true);
      expect(posts).toEqual([]);
    });

    it('is not offered to someone who may not edit requests', async () => {
      startSession({
        accessToken: 'token',
        user: buildSessionUser({ roles: [ROLE_NAME.employee] }),
        permissions: ['request:list', 'request:review'],
      });
      stubRemind([], jsonResponse({}));
      renderReview();
      expect(await screen.findByRole('heading', { level: 1, name: 'Year-end tax documents 2026' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Remind now' })).toBeNull();
    });
  });
});
