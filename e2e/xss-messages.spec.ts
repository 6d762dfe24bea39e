import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { fillSignIn, signIn, DEMO } from './support.js';
import { PAYLOADS } from './xss/payloads.js';
import { installProbe, poke, visit } from './xss/probe.js';
import { PASSWORD, businessClientWithOwner, corpusFor, corpusSize, inBatches, json, signInApi } from './xss/records.js';

/*
 * Issue 23 in the XSS corpus (see e2e/xss.spec.ts): secure messages are the second place after
 * announcements where the web app sets the server's HTML as markup. On one business client of this
 * run, its owner starts a conversation per subject value (the whole corpus over 200-character
 * subjects) and sends the corpus as message text twice: as raw HTML, which the server sanitises,
 * and as typed text, which the editor sends escaped. Screens: the staff inbox filtered to the client
 * (every page), the conversation, and a search whose snippet comes from that text; the owner's inbox
 * and conversation.
 */

// The app's Content-Security-Policy would stop most payloads on its own and hide a rendering
// mistake; these tests check the rendering, so without it.
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 180_000 });

const PAGE_SIZE = 50;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** The search index keeps no digit (ADR 0013): a searched word of letters only. */
const lettersOnly = (tag: string) => tag.replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!);

/** Every page of the inbox at `url`, the cards rendered, the page poked. */
async function walkInbox(page: Page, url: string, total: number) {
  const pages = Math.ceil(total / PAGE_SIZE);
  for (let number = 1; number <= pages; number += 1) {
    await visit(page, `${url}${url.includes('?') ? '&' : '?'}pageSize=${PAGE_SIZE}&page=${number}`);
    const first = (number - 1) * PAGE_SIZE + 1;
    await expect(page.getByText(new RegExp(`^${first}-\\d+ of ${total}$`))).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first()).toBeVisible();
    await poke(page);
  }
}

test('secure messages: subjects, text and search snippets run no payload, for staff or the client', async ({
  page,
  browser,
  request,
}) => {
  const tag = randomBytes(3).toString('hex');
  const word = `zebrafish${lettersOnly(tag)}`;
  const admin = await signInApi(request);
  const { clientId, ownerEmail, owner } = await businessClientWithOwner(request, admin, `Xss messages ${tag} LLC`, tag);
  const subjects = corpusFor(200, corpusSize(200));
  const raw = `<p>${word}</p>${PAYLOADS.map(({ text }) => `<p>${text}</p>`).join('')}`;
  const typed = PAYLOADS.map(({ text }) => `<p>${escapeHtml(text)}</p>`).join('');

  const ids = await inBatches(subjects, 4, async (subject, index) => {
    const conversation = await json<{ id: number }>(
      await request.post('/api/v1/document/conversations', {
        headers: owner,
        data: { subject, html: index === 0 ? raw : '<p>See the subject.</p>' },
      }),
    );
    return conversation.id;
  });
  const first = ids[0]!;
  await json(
    await request.post(`/api/v1/document/conversations/${first}/messages`, {
      headers: owner,
      data: { html: typed, isInternalNote: false },
    }),
  );

  // Staff: the inbox of this client, the conversation, the search.
  const staffProbe = await installProbe(page);
  await signIn(page, DEMO.admin);
  await walkInbox(page, `/messages?clientId=${clientId}`, subjects.length);
  await visit(page, `/messages/${first}`);
  await expect(page.getByRole('log', { name: 'Messages' }).getByText(word)).toBeVisible({ timeout: 20_000 });
  await poke(page);
  await visit(page, `/messages?q=${word}`);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(1, {
    timeout: 20_000,
  });
  await poke(page);
  staffProbe.expectNone();

  // The client's owner: their inbox and the conversation.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  const clientProbe = await installProbe(client);
  try {
    await client.goto('/login');
    await fillSignIn(client, ownerEmail, PASSWORD);
    await expect(client.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await walkInbox(client, '/messages', subjects.length);
    await visit(client, `/messages/${first}`);
    await expect(client.getByRole('log', { name: 'Messages' }).getByText(word)).toBeVisible({ timeout: 20_000 });
    await poke(client);
  } finally {
    await clientContext.close();
  }
  clientProbe.expectNone();
});
