import { expect, type Page } from '@playwright/test';
import { payloadById } from './payloads.js';

/**
 * Watches a page for any payload that runs: `__xss(n)` in any frame (payloads in iframes call
 * `parent.__xss`, which is the same binding) and any alert/confirm/prompt. Installed before the first
 * navigation so it exists before the app renders anything.
 */
export async function installProbe(page: Page) {
  const hits: string[] = [];
  const record = (what: string) => hits.push(`${what} on ${page.url()}`);
  await page.exposeBinding('__xssReport', (_source, id: unknown) => {
    const payload = payloadById(id);
    record(payload ? `payload ${payload.id}: ${payload.text}` : `probe call ${String(id)}`);
  });
  await page.addInitScript(() => {
    const target = window as unknown as { __xssReport: (id: unknown) => Promise<void> };
    Object.defineProperty(window, '__xss', {
      value: (id: unknown) => void target.__xssReport(id),
      configurable: false,
    });
  });
  page.on('dialog', (dialog) => {
    record(`${dialog.type()} dialog "${dialog.message()}"`);
    void dialog.dismiss().catch(() => undefined);
  });
  return {
    hits,
    /** Fails with every payload that ran so far. */
    expectNone: () => expect(hits, 'XSS payloads executed').toEqual([]),
  };
}

/**
 * Gives handlers that need a user a chance to fire: the pointer crosses the page, focus moves, and
 * timers and media errors settle.
 */
export async function poke(page: Page) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const y of [0.2, 0.5, 0.8]) {
    await page.mouse.move(10, size.height * y);
    await page.mouse.move(size.width - 10, size.height * y, { steps: 3 });
  }
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.waitForTimeout(100);
}

/**
 * Moves the signed-in app to `url` the way its own links do (history + popstate), which spares a
 * full reload of the app per screen; the screen renders the same components either way.
 */
export async function visit(page: Page, url: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}
