import { AppShell } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '@/lib/session';
import { buildSessionUser } from '@/testing/factories';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { Sidebar } from './sidebar';

function inShell(menuWanted: boolean) {
  return (
    <AppShell navbar={{ width: 264, breakpoint: 'sm' }}>
      <AppShell.Navbar>
        <Sidebar menuWanted={menuWanted} />
      </AppShell.Navbar>
    </AppShell>
  );
}

describe('Sidebar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds the menu only once it is wanted (a phone opening it), and keeps it while it slides out', async () => {
    startSession({ accessToken: 'tok', user: buildSessionUser(), permissions: ['received:list', 'user:list'] });
    vi.stubGlobal('fetch', async () => jsonResponse({ items: [], totalCount: 0 }));
    const { rerender } = renderWithProviders(inShell(false));
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();

    rerender(inShell(true));
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual(['Home', 'Received docs', 'Users']);

    rerender(inShell(false));
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link')).toHaveLength(3);
  });
});
