import { expect, test } from '@playwright/test';
import { DEMO, fillSignIn } from './support.js';
import { PHONE, apiHeaders, businessClientWithNewOwner, expectNoSideScroll, runTag } from './support-phones.js';

/*
 * Issue 25 item 2: a client confirms an announcement on a phone (390 x 844). An active announcement
 * stops EVERY client's next sign-in, so this file's name puts it with the global-state specs
 * (playwright.config.ts), which run after all the others, one at a time; the confirming client is a
 * new owner no other spec knows, and the announcement is live only until it is confirmed.
 */

test.use(PHONE);

test('a client confirms an announcement on a phone before reaching the app', async ({ page, request }) => {
  const tag = runTag();
  const title = `Phone notice ${tag}`;
  const admin = await apiHeaders(request, DEMO.admin);
  const owner = await businessClientWithNewOwner(request, 'phone-notice');
  await page.goto('/login');
  await expectNoSideScroll(page, 'Login');

  const created = await request.post('/api/v1/document/announcements', {
    headers: admin,
    data: {
      title,
      body: '<p>Our office closes early on Friday; documents sent after noon are read on Monday.</p>',
      acknowledgmentText: '<p>I understand the new office hours.</p>',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  try {
    await fillSignIn(page, owner.email, owner.password);
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('I understand the new office hours.')).toBeVisible();
    await expectNoSideScroll(page, 'the announcement');
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'I have read and acknowledge the text above' }).check();
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await expectNoSideScroll(page, 'Home');
  } finally {
    await request.patch(`/api/v1/document/announcements/${id}/deactivate`, { headers: admin });
  }
});
