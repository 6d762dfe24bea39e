import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, fillSignIn, signIn } from '../support.js';
import { PAYLOADS, packPayloads } from './payloads.js';
import { installProbe, poke, visit } from './probe.js';

/*
 * Issue 11 item 6, the part that changes what every user meets, so it runs in the `global-state`
 * project (the file name matches its pattern) after the other specs:
 *   - announcement body and acknowledgment text (rich text, the one field the web app sets as HTML):
 *     the whole corpus in one announcement, shown to a new client after sign-in and in the admin's
 *     details dialog; announcement title (200): the corpus over 50 announcements, in the list.
 * Each announcement is live only while the client confirms the first one; the titles-only ones are
 * deactivated as soon as they are created. Roles, services, tags and coupons (firm-wide lists that
 * change no one's sign-in) are in e2e/xss/global-lists.spec.ts, which runs beside this file.
 *
 * Free-text fields not covered by either spec, and why:
 *   - client bulk e-mail body: sent by mail only, never rendered by the web app;
 *   - contractor, company, lead/onboarding and bookkeeping texts: rendered by the same React
 *     text path (no HTML sinks: `dangerouslySetInnerHTML` is used by announcements alone), left for a
 *     later round to keep this spec's run time in budget;
 *   - password, e-mail, phone, TIN/SSN fields: pattern-checked by the contract, no markup survives.
 */
// The app's Content-Security-Policy (script-src 'self', script-src-attr 'none') would stop most
// payloads on its own and hide a rendering mistake; these tests check the rendering, so without it.
test.use({ bypassCSP: true });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

type Headers = Record<'Authorization', string>;

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function adminHeaders(request: APIRequestContext): Promise<Headers> {
  const body = await json<{ user: { jwtToken: { accessToken: string } } }>(
    await request.post('/api/v1/authentication/account/authenticate', {
      data: { usernameOrEmailAddress: DEMO.admin, password: DEMO.password },
    }),
  );
  return { Authorization: `Bearer ${body.user.jwtToken.accessToken}` };
}

/** Runs `work` over `items` a few at a time. */
async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T, index: number) => Promise<R>) {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    results.push(...(await Promise.all(batch.map((item, offset) => work(item, start + offset)))));
  }
  return results;
}

async function walkPages(page: Page, url: string, tableName: string, pages: number) {
  for (let number = 1; number <= pages; number += 1) {
    await visit(page, `${url}${url.includes('?') ? '&' : '?'}pageSize=50&page=${number}`);
    // The footer names the page's first row ("51-100 of 123"), so the rows are this page's.
    // A page of 50 long names under load on the shared 2-core machine can take more than the default.
    await expect(page.getByText(new RegExp(`^${(number - 1) * 50 + 1}-\\d+ of \\d+$`))).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('table', { name: tableName }).getByRole('row').nth(1)).toBeVisible();
    await poke(page);
  }
}

test('announcements: body, acknowledgment and titles run no payload, for the admin or the client', async ({
  page,
  browser,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const headers = await adminHeaders(request);
  const advisors = await json<Array<{ value: string }>>(
    await request.get('/api/v1/identity/users/advisors/all', { headers }),
  );
  const owner = { emailAddress: `xss-announce-${tag}@example.com`, password: 'Secret123' };
  await json(
    await request.post('/api/v1/document/clients', {
      headers,
      data: {
        clientType: 1,
        name: `Xss ${tag} LLC`,
        newOwner: {
          firstName: 'Xena',
          lastName: `Owner ${tag}`,
          emailAddress: owner.emailAddress,
          phoneNumber: '(555) 010-7777',
          advisorUserId: Number(advisors[0]!.value),
          password: owner.password,
          confirmPassword: owner.password,
        },
      },
    }),
  );
  const titles = packPayloads(200);
  const body = PAYLOADS.map(({ text }) => text).join('\n');
  const acknowledgmentText = PAYLOADS.map(({ text }) => `<p>${text}</p>`).join('');
  const created: number[] = [];
  const deactivate = (id: number) => request.patch(`/api/v1/document/announcements/${id}/deactivate`, { headers });

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  const clientProbe = await installProbe(clientPage);
  await clientPage.goto('/login');
  try {
    const live = await json<{ id: number }>(
      await request.post('/api/v1/document/announcements', {
        headers,
        data: { title: titles[0], body, acknowledgmentText },
      }),
    );
    created.push(live.id);
    await fillSignIn(clientPage, owner.emailAddress, owner.password);
    const dialog = clientPage.getByRole('dialog').first();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading').first()).toHaveText(titles[0]!);
    await poke(clientPage);
    // Confirming needs the box ticked; any other live announcement is confirmed the same way.
    const shownTitle = async () => (await dialog.getByRole('heading').allTextContents())[0] ?? null;
    while (await dialog.isVisible()) {
      const title = await shownTitle();
      await dialog.getByRole('checkbox', { name: 'I have read and acknowledge the text above' }).check();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      // Once recorded, this announcement's dialog goes: the next one's (another title) or none follows.
      await expect.poll(shownTitle).not.toBe(title);
    }
    await expect(clientPage.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await poke(clientPage);
  } finally {
    await Promise.all(created.map(deactivate));
    await clientContext.close();
  }
  clientProbe.expectNone();

  // The other titles, each taken off the air at once.
  await inBatches(titles.slice(1), 4, async (title) => {
    const announcement = await json<{ id: number }>(
      await request.post('/api/v1/document/announcements', {
        headers,
        data: { title, body: '<p>x</p>', acknowledgmentText: '<p>x</p>' },
      }),
    );
    created.push(announcement.id);
    await deactivate(announcement.id);
  });

  const probe = await installProbe(page);
  await signIn(page, DEMO.admin);
  const { totalCount } = await json<{ totalCount: number }>(
    await request.get('/api/v1/document/announcements?limit=1', { headers }),
  );
  const pages = Math.ceil(totalCount / 50);
  await walkPages(page, '/announcements', 'Announcements', pages);
  // The live one is the oldest of this run: on the last page unless others came after.
  const open = page.getByRole('button', { name: `Open announcement ${titles[0]}` });
  for (let number = pages; !(await open.isVisible()) && number >= 1; number -= 1) {
    await visit(page, `/announcements?pageSize=50&page=${number}`);
    await expect(page.getByRole('table', { name: 'Announcements' }).getByRole('row').nth(1)).toBeVisible();
  }
  await open.click();
  const details = page.getByRole('dialog', { name: 'Announcement' });
  await expect(details).toBeVisible();
  await expect(details.getByRole('table', { name: 'Acknowledged' })).toContainText(`Xena Owner ${tag}`);
  await poke(page);
  probe.expectNone();
});
