import { MESSAGE_LIMITS } from '@ledgerport/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { BulkMessageModal, type BulkTargets } from './bulk-message-modal';
import { stubApi } from './messages-fixtures';

function renderModal(targets: BulkTargets) {
  renderWithProviders(
    <BulkMessageModal opened onClose={vi.fn()} targetsKey="{}" loadTargets={() => Promise.resolve(targets)} />,
  );
  return userEvent.setup();
}

describe('BulkMessageModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how many clients get the message and sends it to their ids', async () => {
    const calls = stubApi(({ method }) => (method === 'POST' ? jsonResponse({ started: 3 }) : undefined));
    const user = renderModal({ ids: [4, 8, 15], total: 3 });

    const dialog = await screen.findByRole('dialog', { name: 'Send a secure message to the listed clients' });
    expect(await within(dialog).findByText('3 clients of your current search will get this message.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Subject' }), 'Office closed on Friday');
    const editor = await within(dialog).findByRole('textbox', { name: 'Message' }, { timeout: 10_000 });
    await user.click(editor);
    await user.keyboard('We are closed on Friday.');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('/api/v1/document/conversations/bulk');
    expect(post.body).toMatchObject({ clientIds: [4, 8, 15], subject: 'Office closed on Friday' });
    expect(await screen.findByText('The message has been sent to 3 clients')).toBeTruthy();
  });

  it('says when the search lists more clients than one message may reach', async () => {
    stubApi(() => undefined);
    renderModal({ ids: Array.from({ length: MESSAGE_LIMITS.bulkClients }, (_, index) => index + 1), total: 620 });
    expect(
      await screen.findByText(
        `Your search lists 620 clients; a message goes to at most ${MESSAGE_LIMITS.bulkClients} at once, so the first ${MESSAGE_LIMITS.bulkClients} in the list get it. Narrow the search to reach the others.`,
      ),
    ).toBeTruthy();
  });

  it('sends nothing when the search lists no client', async () => {
    const calls = stubApi(() => undefined);
    renderModal({ ids: [], total: 0 });
    expect(await screen.findByText('Your current search lists no clients. Change the search first.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toEqual([]);
  });
});
