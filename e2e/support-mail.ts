import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO, signIn } from './support.js';

/**
 * The newest message to `recipient` on Administration > Mail, opened in its details drawer. No SMTP in
 * tests: the Mail screen shows the message itself outside production, to an admin.
 */
export async function openMessage(page: Page, recipient: string) {
  await page.goto('/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  await page.getByRole('button', { name: 'Search', expanded: false }).click();
  const panel = page.getByRole('search', { name: 'Search filters' });
  await panel.getByRole('textbox', { name: 'Recipient' }).fill(recipient);
  await panel.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table', { name: 'Outgoing e-mail' });
  // Some messages are queued just after the action answers: reload (the filter stays in the URL) until it is listed.
  await expect(async () => {
    if (!(await table.getByRole('row').nth(1).textContent())?.includes(recipient)) await page.reload();
    await expect(table.getByRole('row').nth(1)).toContainText(recipient, { timeout: 2_000 });
  }).toPass();
  await table
    .getByRole('button', { name: new RegExp(`^Details of the message to ${escapeRegExp(recipient)}`) })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: 'Message details' });
  await expect(drawer).toBeVisible();
  return drawer.getByTitle('The message as its recipient sees it').contentFrame();
}

/**
 * The address of the link named `linkName` in the newest message to `recipient`, read on the Mail
 * screen by the demo admin in a browser of its own (as a newcomer would, in another window).
 */
export async function linkFromMail(browser: Browser, recipient: string, linkName: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await signIn(admin, DEMO.admin);
    const message = await openMessage(admin, recipient);
    const href = await message.getByRole('link', { name: linkName, exact: true }).getAttribute('href');
    expect(href).toBeTruthy();
    return href!;
  } finally {
    await context.close();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
