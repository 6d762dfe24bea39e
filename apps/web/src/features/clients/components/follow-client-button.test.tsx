import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { FollowClientButton } from './follow-client-button';

const PATH = '/api/v1/document/clients/7/follow';

function stubApi(initially: boolean) {
  let following = initially;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (!input.startsWith(PATH)) return errorResponse(404, 'NOT_FOUND');
      calls.push(method);
      if (method === 'PUT') following = true;
      if (method === 'DELETE') following = false;
      return jsonResponse({ following });
    }),
  );
  return calls;
}

describe('following a client (issue 22)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows, says so, and stops again', async () => {
    const calls = stubApi(false);
    const user = userEvent.setup();
    renderWithProviders(<FollowClientButton clientId={7} clientName="Acme LLC" />);

    const button = await screen.findByRole('button', { name: 'Follow', pressed: false });
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Following', pressed: true })).toBeTruthy();
    expect(await screen.findByText('You will be notified of what Acme LLC does')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow', pressed: false })).toBeTruthy();
    await waitFor(() => expect(calls).toEqual(['GET', 'PUT', 'DELETE']));
  });

  it('shows nothing to someone who cannot follow the client', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorResponse(403, 'FORBIDDEN')),
    );
    renderWithProviders(<FollowClientButton clientId={7} clientName="Acme LLC" />);
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });
});
