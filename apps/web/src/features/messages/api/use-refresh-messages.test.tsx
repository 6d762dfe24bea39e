import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messageKeys } from './message-keys';
import { REFRESH_DELAY_MS, useRefreshMessagesOn } from './use-refresh-messages';

const WATCHED = ['notifications', 'unread-count'] as const;

describe('useRefreshMessagesOn', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the messages again when the watched data changes, not on its first value or a repeat', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useRefreshMessagesOn(WATCHED), { wrapper });

    queryClient.setQueryData(WATCHED, { unreadCount: 2 });
    expect(invalidate).not.toHaveBeenCalled();
    queryClient.setQueryData(WATCHED, { unreadCount: 2 });
    expect(invalidate).not.toHaveBeenCalled();
    queryClient.setQueryData(WATCHED, { unreadCount: 3 });
    vi.advanceTimersByTime(REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: messageKeys.all }));
    queryClient.setQueryData(['other'], 1);
    vi.advanceTimersByTime(REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('reads a burst of changes once, and leaves the search hits alone', async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    queryClient.setQueryData(WATCHED, { unreadCount: 0 });
    renderHook(() => useRefreshMessagesOn(WATCHED), { wrapper });
    for (let count = 1; count <= 20; count += 1) queryClient.setQueryData(WATCHED, { unreadCount: count });
    vi.advanceTimersByTime(REFRESH_DELAY_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);

    const filter = invalidate.mock.calls[0]![0]!;
    const matches = (queryKey: readonly unknown[]) =>
      filter.predicate!({ queryKey } as unknown as Parameters<NonNullable<typeof filter.predicate>>[0]);
    expect(matches(messageKeys.list({}))).toBe(true);
    expect(matches(messageKeys.messages(5))).toBe(true);
    expect(matches(messageKeys.search('w-2'))).toBe(false);
  });
});
