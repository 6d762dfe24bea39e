import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { messageKeys } from './message-keys';
import { useRefreshMessagesOn } from './use-refresh-messages';

const WATCHED = ['notifications', 'unread-count'] as const;

describe('useRefreshMessagesOn', () => {
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
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messageKeys.all });
    queryClient.setQueryData(['other'], 1);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
