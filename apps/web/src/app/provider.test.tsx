import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

describe('AppProvider', () => {
  it('mounts the notification container with the first message, and shows that message', async () => {
    // Fresh modules: whether a message was shown is the page's state, and earlier files of this worker
    // have shown some.
    vi.resetModules();
    const { AppProvider } = await import('./provider');
    const { notify } = await import('@/lib/notify');

    render(
      <AppProvider>
        <p>Home</p>
      </AppProvider>,
    );
    await screen.findByText('Home');
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    act(() => notify.success('Client saved'));

    expect((await screen.findByRole('status')).textContent).toContain('Client saved');
  });
});
