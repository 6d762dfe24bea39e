import { useCallback, useRef, type MouseEvent } from 'react';

/**
 * A dialog opened from a menu item: Mantine's Modal returns focus to what had it when it opened, the
 * menu item, which is gone by the time the dialog closes, so focus would fall to the page's body
 * (WCAG 2.4.3). The screen remembers the last menu button clicked inside it (`onClickCapture` on its
 * root) and its dialogs' `onClose` hands focus back to that button, if it is still on the page.
 */
export function useMenuOpener() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback((event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLElement>('[aria-haspopup="menu"]');
    if (button) opener.current = button;
  }, []);
  const restore = useCallback(() => {
    const button = opener.current;
    // After the dialog's own focus handling, which would otherwise win.
    if (button?.isConnected) setTimeout(() => button.focus(), 0);
  }, []);
  return { remember, restore };
}
