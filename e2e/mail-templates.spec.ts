import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  renderMail,
  type MailTemplateData,
  type MailTemplateName,
  type NotificationMailItem,
} from '../apps/api/src/modules/mail/mail.templates.js';

/**
 * The e-mails as a phone shows them: each is rendered here from the templates' source (the same
 * function the outbox calls) and opened at 390 px, the narrowest screen we design for. Long names
 * and a file name without spaces stand in for what clients type.
 */

const PHONE = { width: 390, height: 844 };
const context = { appUrl: 'https://portal.example.com' };
const LONG_FILE = 'Quarterly_bank_reconciliation_statement_2025_Q4_final_signed_by_both_partners.pdf';
const LONG_CLIENT = 'Northwestern Regional Agricultural Equipment Cooperative Holdings LLC';

const NOTIFICATIONS: NotificationMailItem[] = [
  { title: `${LONG_CLIENT} uploaded ${LONG_FILE}`, clientName: LONG_CLIENT, link: '/documents/41' },
  { title: 'Acme LLC completed "2025 individual tax return"', clientName: 'Acme LLC', link: '/requests/12' },
  { title: 'A bank connection needs you to sign in again', clientName: null, link: '/reconciliations' },
  { title: 'Acme LLC paid the 1099 filing fee', clientName: 'Acme LLC', link: null },
];

const SAMPLES: { [T in MailTemplateName]: MailTemplateData<T> } = {
  invitation: {
    inviterName: 'Ann Advisor',
    registerUrl: `https://portal.example.com/register?token=${'t'.repeat(43)}`,
    clientName: LONG_CLIENT,
    validDays: 7,
  },
  passwordReset: {
    firstName: 'Jane',
    resetUrl: `https://portal.example.com/forgot-password?token=${'r'.repeat(43)}&userId=7`,
    validMinutes: 30,
  },
  documentShared: {
    senderName: 'Olga Owner',
    documentName: LONG_FILE,
    url: `https://portal.example.com/shared-documents/${'s'.repeat(43)}`,
    expiresAt: new Date('2026-03-02T15:30:00Z'),
  },
  clientMessage: {
    subject: 'Year-end checklist',
    clientName: LONG_CLIENT,
    bodyHtml: `<p>Please send your receipts, including ${LONG_FILE}.</p>`,
    bodyText: `Please send your receipts, including ${LONG_FILE}.`,
  },
  notificationBatch: { firstName: 'Nina', items: NOTIFICATIONS },
  notificationDigest: { firstName: 'Sam', date: '2026-03-08', items: NOTIFICATIONS },
  requestReminder: {
    firstName: 'Carla',
    items: [
      {
        clientName: LONG_CLIENT,
        requestTitle: '2025 individual and business tax returns',
        itemName: LONG_FILE,
        dueDate: '2026-02-27',
        overdue: true,
      },
      {
        clientName: 'Acme LLC',
        requestTitle: 'Payroll',
        itemName: 'W-2 from your employer',
        dueDate: '2026-03-10',
        overdue: false,
      },
      {
        clientName: 'Acme LLC',
        requestTitle: 'Payroll',
        itemName: 'Bank statements for December',
        dueDate: '2026-03-10',
        overdue: false,
      },
    ],
  },
  secureMessageWaiting: {
    firstName: 'Carla',
    senderName: 'Ann Advisor',
    clientName: LONG_CLIENT,
    link: '/messages/31',
  },
};

async function openOnPhone<T extends MailTemplateName>(page: Page, template: T): Promise<void> {
  const { html } = await renderMail(template, SAMPLES[template], context);
  await page.setViewportSize(PHONE);
  await page.setContent(html);
}

/** How far the page scrolls sideways (0 when it fits). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    return root.scrollWidth - root.clientWidth;
  });
}

/** Visible and inside the phone's width, not cut off at its right edge. */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

test('the reminder e-mail fits a 390 px phone: every item, the overdue flag and the button show', async ({ page }) => {
  await openOnPhone(page, 'requestReminder');
  expect(await sidewaysScroll(page)).toBe(0);
  const items = page.getByRole('listitem');
  await expect(items).toHaveCount(3);
  for (const item of await items.all()) await expectOnScreen(item);
  await expect(items.first()).toContainText(LONG_FILE);
  await expect(items.first()).toContainText('Due February 27, 2026 Overdue');
  await expect(items.nth(1)).not.toContainText('Overdue');
  const button = page.getByRole('link', { name: 'Open your To do list' });
  await expectOnScreen(button);
  await expect(button).toHaveAttribute('href', 'https://portal.example.com/to-do');
  await expectOnScreen(page.getByRole('link', { name: 'Change your notification preferences' }));
});

test('the daily digest fits a 390 px phone: each client’s heading and every notification show', async ({ page }) => {
  await openOnPhone(page, 'notificationDigest');
  expect(await sidewaysScroll(page)).toBe(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello Sam,' })).toBeVisible();
  const headings = page.getByRole('heading', { level: 2 });
  await expect(headings).toHaveText([LONG_CLIENT, 'Acme LLC', 'Not about one client']);
  for (const heading of await headings.all()) await expectOnScreen(heading);
  const items = page.getByRole('listitem');
  await expect(items).toHaveCount(NOTIFICATIONS.length);
  for (const item of await items.all()) await expectOnScreen(item);
  await expect(page.getByRole('link', { name: `${LONG_CLIENT} uploaded ${LONG_FILE}` })).toHaveAttribute(
    'href',
    'https://portal.example.com/documents/41',
  );
  await expectOnScreen(page.getByRole('link', { name: 'Change your notification preferences' }));
});

test('the batched notifications e-mail fits a 390 px phone: every notification shows', async ({ page }) => {
  await openOnPhone(page, 'notificationBatch');
  expect(await sidewaysScroll(page)).toBe(0);
  const items = page.getByRole('listitem');
  await expect(items).toHaveCount(NOTIFICATIONS.length);
  for (const item of await items.all()) await expectOnScreen(item);
  await expect(items.first()).toContainText(LONG_CLIENT);
  await expectOnScreen(page.getByRole('link', { name: 'Change your notification preferences' }));
});

test('no e-mail scrolls sideways at 390 px', async ({ page }) => {
  for (const template of Object.keys(SAMPLES) as MailTemplateName[]) {
    await openOnPhone(page, template);
    expect(await sidewaysScroll(page), template).toBe(0);
  }
});
