import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO, signIn } from './support.js';

/** Every list screen an admin sees with a table of chips, statuses or phone numbers. */
const SCREENS = [
  '/users',
  '/clients',
  '/received-docs',
  '/my-uploads',
  '/bookkeeping',
  '/invitations',
  '/leads',
  '/companies',
  '/announcements',
  '/roles',
  '/services',
  '/coupons',
  '/1099-form',
  '/audit-log',
];

/** Labels a cell cuts off ("In progr…") and cells whose text wraps where it must not (a phone number). */
async function cutOff(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const label of document.querySelectorAll<HTMLElement>('table .mantine-Badge-label')) {
      if (label.scrollWidth > label.clientWidth + 1) problems.push(`badge "${label.textContent}"`);
    }
    for (const cell of document.querySelectorAll<HTMLElement>('table td[data-nowrap]')) {
      // One line box per line of text: more than one distinct top means the value wrapped.
      const range = document.createRange();
      range.selectNodeContents(cell);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      if (tops.size > 1) problems.push(`wrapped "${cell.textContent}"`);
    }
    return problems;
  });
}

/**
 * Resolves once no request but the bell's event stream (always open, so `networkidle` never comes)
 * has been in flight for half a second: the screen's lists and chips have all arrived.
 */
function trackQuiet(page: Page) {
  const pending = new Set<Request>();
  page.on('request', (request) => {
    if (!request.url().endsWith('/notifications/stream')) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return async () => {
    let quietSince = Date.now();
    while (Date.now() - quietSince < 500) {
      if (pending.size > 0) quietSince = Date.now();
      await page.waitForTimeout(50);
    }
  };
}

for (const width of [1440, 1280]) {
  test(`no table cuts off a chip or wraps a phone number at ${width} px`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const quiet = trackQuiet(page);
    await signIn(page, DEMO.admin);
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await quiet();
      await page.screenshot({ path: test.info().outputPath(`${path.slice(1)}-${width}.png`), fullPage: true });
      expect(await cutOff(page), path).toEqual([]);
    }
  });
}
