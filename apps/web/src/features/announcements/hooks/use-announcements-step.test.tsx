import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, setPostLoginFlag } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { useAnnouncementsStep } from './use-announcements-step';

function Harness() {
  const step = useAnnouncementsStep({ enabled: true });
  return (
    <>
      {step.dialog}
      <p>{step.done ? 'step done' : 'step waiting'}</p>
    </>
  );
}

const unconfirmed = [
  {
    announcement: {
      id: 1,
      title: 'Office hours',
      body: '<p>We close early on Friday.</p>',
      acknowledgmentText: '<p>I understand the new hours.</p>',
    },
    clients: [
      { id: 10, name: 'Alpha LLC' },
      { id: 11, name: 'Beta LLC' },
    ],
  },
  {
    announcement: { id: 2, title: 'New portal', body: '<p>Welcome.</p>', acknowledgmentText: '<p>Noted.</p>' },
    clients: [{ id: 10, name: 'Alpha LLC' }],
  },
];

function stubApi() {
  const posts: Array<{ url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'POST') {
      posts.push({ url: input, body: JSON.parse(String(init!.body)) });
      return new Response(null, { status: 204 });
    }
    if (input.endsWith('/document/announcements/unconfirmed')) return jsonResponse(unconfirmed);
    return jsonResponse({ error: { code: 'NOT_FOUND', message: input, requestId: 'x' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posts, fetchMock };
}

describe('announcements after sign-in', () => {
  beforeEach(() => setPostLoginFlag(true));
  afterEach(() => {
    vi.unstubAllGlobals();
    setPostLoginFlag(false);
  });

  it('shows each announcement until confirmed, Confirm enabled only when ticked, then clears the flag', async () => {
    const { posts } = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<Harness />);

    const first = await screen.findByRole('dialog', { name: 'Office hours' });
    expect(first.textContent).toContain('We close early on Friday.');
    expect(first.textContent).toContain('Your confirmation applies to: Alpha LLC, Beta LLC');
    expect(screen.queryByText('step waiting')).not.toBeNull();

    // It cannot be dismissed.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Office hours' })).not.toBeNull();

    const confirm = screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' });
    expect(confirm.disabled).toBe(true);
    const box = screen.getByRole('checkbox', {
      name: 'I have read and acknowledge the text above',
      description: 'I understand the new hours.',
    });
    await user.click(box);
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);

    // The next one starts unticked.
    await screen.findByRole('dialog', { name: 'New portal' });
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'I have read and acknowledge the text above' }).checked,
    ).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm' }).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'I have read and acknowledge the text above' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await screen.findByText('step done');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts).toEqual([
      { url: '/api/v1/document/announcements/1/acknowledge', body: { clients: [10, 11] } },
      { url: '/api/v1/document/announcements/2/acknowledge', body: { clients: [10] } },
    ]);
    await waitFor(() => expect(getSession().postLoginFlag).toBe(false));
  });

  it('is done at once, without asking the server, when the user did not arrive through sign-in', async () => {
    setPostLoginFlag(false);
    const { fetchMock } = stubApi();
    renderWithProviders(<Harness />);
    expect(screen.queryByText('step done')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
