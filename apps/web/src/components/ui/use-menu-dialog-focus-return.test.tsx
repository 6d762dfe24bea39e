import { Button, Menu, Modal } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { useMenuDialogFocusReturn } from './use-menu-dialog-focus-return';

/** A screen with a row menu and a plain button, each opening a dialog, under the app's hook. */
function Screen({ withHook = true }: { withHook?: boolean }) {
  return withHook ? <WithHook /> : <Dialogs />;
}

function WithHook() {
  useMenuDialogFocusReturn();
  return <Dialogs />;
}

function Dialogs() {
  const [opened, setOpened] = useState<'menu' | 'button' | null>(null);
  return (
    <>
      {/*
        With Mantine's focus placeholder, as the hook met menus before the theme turned it off: happy-dom
        has no layout, so the focus trap finds no visible item to focus when the menu opens. The browser
        suite checks the app's own menus (clients.spec.ts, users.spec.ts, shell.spec.ts).
      */}
      <Menu withInitialFocusPlaceholder>
        <Menu.Target>
          <Button>Actions for Acme</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setOpened('menu')}>Deactivate</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Button onClick={() => setOpened('button')}>Send e-mail</Button>
      <Modal opened={opened !== null} onClose={() => setOpened(null)} title="A dialog">
        <Button onClick={() => setOpened(null)}>Cancel</Button>
      </Modal>
    </>
  );
}

describe('useMenuDialogFocusReturn', () => {
  it('gives focus back to the menu button when a dialog chosen in its menu closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Actions for Acme' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate', hidden: true }));
    await user.click(await screen.findByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Acme' })));
  });

  it('does the same from the keyboard, closing with Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Screen />);
    screen.getByRole('button', { name: 'Actions for Acme' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Deactivate', hidden: true });
    await user.keyboard('{ArrowDown}{Enter}');
    await screen.findByRole('dialog', { hidden: true });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Actions for Acme' })));
  });

  it('leaves a dialog opened by a plain button to Mantine, which returns focus to that button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Screen />);
    // The menu was used before: it must not take focus from the button that opened this dialog.
    await user.click(screen.getByRole('button', { name: 'Actions for Acme' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Send e-mail' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send e-mail' }));
  });

  it('is what gives focus back: without it, focus falls to the page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Screen withHook={false} />);
    await user.click(screen.getByRole('button', { name: 'Actions for Acme' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Deactivate', hidden: true }));
    await user.click(await screen.findByRole('button', { name: 'Cancel', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Actions for Acme' }));
  });
});
