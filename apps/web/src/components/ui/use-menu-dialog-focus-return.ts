import { useEffect } from 'react';

const MENU_BUTTON = '[aria-haspopup="menu"]';
const DIALOG = '[role="dialog"]';

function dialogsIn(node: Node): Element[] {
  if (!(node instanceof Element)) return [];
  return node.matches(DIALOG) ? [node] : [...node.querySelectorAll(DIALOG)];
}

/** Mantine renders dialogs into portals, children of the body: changes elsewhere are not looked at. */
function inPortalOrBody(node: Node): boolean {
  return node === document.body || (node instanceof Element && node.closest('[data-portal]') !== null);
}

/**
 * WCAG 2.4.3 for every screen at once: a dialog hands focus back, when it closes, to what had it
 * when it opened (Mantine's Modal does). A dialog chosen in a menu (a row's actions, Create new
 * client, the user menu) opened from a menu item, which is gone by then, so focus would fall to the
 * page's body and a keyboard or screen-reader user would start again from the top. This remembers
 * the menu button a person last used; a dialog opened from one of its items gives focus back to that
 * button, if it is still on the page and nothing else took focus (Mantine tries first, 10 ms after
 * closing). Mounted once, in the app's layout.
 */
export function useMenuDialogFocusReturn(): void {
  useEffect(() => {
    let menuButton: HTMLElement | null = null;
    let fromMenuItem = false;
    const returnTo = new WeakMap<Element, HTMLElement>();

    const onActivate = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Enter' && event.key !== ' ') return;
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest<HTMLElement>(MENU_BUTTON);
      if (button) menuButton = button;
      fromMenuItem = Boolean(target?.closest('[role="menuitem"]'));
    };

    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (!inPortalOrBody(record.target)) continue;
        for (const node of record.addedNodes) {
          for (const dialog of dialogsIn(node)) {
            if (fromMenuItem && menuButton) returnTo.set(dialog, menuButton);
          }
        }
        for (const node of record.removedNodes) {
          for (const dialog of dialogsIn(node)) {
            const button = returnTo.get(dialog);
            if (!button) continue;
            window.setTimeout(() => {
              const active = document.activeElement;
              if ((active === null || active === document.body) && button.isConnected) {
                button.focus({ preventScroll: true });
              }
            }, 20);
          }
        }
      }
    });

    document.addEventListener('click', onActivate, true);
    document.addEventListener('keydown', onActivate, true);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('click', onActivate, true);
      document.removeEventListener('keydown', onActivate, true);
      observer.disconnect();
    };
  }, []);
}
