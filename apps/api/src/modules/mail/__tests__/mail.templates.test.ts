import { describe, expect, it } from 'vitest';
import {
  deliveryHeadersOf,
  MAIL_CATEGORY,
  MAIL_TEMPLATES,
  MAX_LISTED_ITEMS,
  renderMail,
  type MailTemplateData,
  type MailTemplateName,
  type NotificationMailItem,
  type RenderedMail,
} from '../mail.templates.js';

const context = { appUrl: 'https://portal.example.com' };
const FOOTER = 'Ledgerport client portal. This message was sent automatically; please do not reply.';
const HOSTILE = `<script>alert(1)</script><img src=x onerror="alert(2)">'&`;
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;&#39;&amp;';

type Samples = { [T in MailTemplateName]: MailTemplateData<T> };

/** One message of every template, with markup typed into every field a person fills in. */
const HOSTILE_SAMPLES: Samples = {
  invitation: { inviterName: HOSTILE, registerUrl: 'https://portal.example.com/register?token=t', clientName: HOSTILE },
  passwordReset: {
    firstName: HOSTILE,
    resetUrl: 'https://portal.example.com/forgot-password?token=t',
    validMinutes: 30,
  },
  documentShared: { senderName: HOSTILE, documentName: HOSTILE, url: 'https://portal.example.com/documents/1' },
  clientMessage: { subject: HOSTILE, clientName: HOSTILE, bodyHtml: '<p>Sanitised</p>', bodyText: 'Sanitised' },
  notificationBatch: { firstName: HOSTILE, items: [{ title: HOSTILE, clientName: HOSTILE, link: '/requests/1' }] },
  notificationDigest: {
    firstName: HOSTILE,
    date: '2026-03-02',
    items: [{ title: HOSTILE, clientName: HOSTILE, link: '/documents/1' }],
  },
  requestReminder: {
    firstName: HOSTILE,
    items: [{ clientName: HOSTILE, requestTitle: HOSTILE, itemName: HOSTILE, dueDate: '2026-03-02', overdue: true }],
  },
  secureMessageWaiting: { firstName: HOSTILE, senderName: HOSTILE, clientName: HOSTILE, link: '/messages/1' },
};

const render = <T extends MailTemplateName>(template: T, data: MailTemplateData<T>) =>
  renderMail(template, data, context);

/** The HTML every client but Outlook on Windows reads: MJML's `<!--[if mso | IE]>` blocks removed. */
function withoutOutlookBlocks(html: string): string {
  return html.replace(/<!--\[if mso[^\]]*\]>[\s\S]*?<!\[endif\]-->/g, '');
}

/** Fixed widths over 390 px (a phone's width) outside Outlook's blocks: min-/max-width are fine. */
function fixedWidthsOver390(html: string): string[] {
  const outside = withoutOutlookBlocks(html);
  const css = [...outside.matchAll(/(?<![-\w])width\s*:\s*(\d+)px/g)].filter((m) => Number(m[1]) > 390);
  const attributes = [...outside.matchAll(/\swidth="(\d+)(px)?"/g)].filter((m) => Number(m[1]) > 390);
  return [...css, ...attributes].map((m) => m[0]);
}

describe('every template', () => {
  it('has a sample here and a category, so a new template cannot skip these tests', () => {
    expect(Object.keys(HOSTILE_SAMPLES).sort()).toEqual(Object.keys(MAIL_TEMPLATES).sort());
    expect(Object.keys(MAIL_CATEGORY).sort()).toEqual(Object.keys(MAIL_TEMPLATES).sort());
  });

  const names = Object.keys(HOSTILE_SAMPLES) as MailTemplateName[];
  it.each(names)('%s: responsive HTML from the MJML layout and a plain-text part', async (name) => {
    const mail = await render(name, HOSTILE_SAMPLES[name] as never);
    expect(mail.html).toMatch(/^<!doctype html>/i);
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain('lang="en"');
    expect(mail.html).toContain('@media only screen and (min-width:480px)');
    expect(mail.html).not.toMatch(/%%[A-Z_]+%%/);
    expect(fixedWidthsOver390(mail.html)).toEqual([]);
    expect(mail.text.startsWith('Ledgerport\n\n')).toBe(true);
    expect(mail.text.endsWith(FOOTER)).toBe(true);
  });

  it.each(names)('%s: escapes what people typed', async (name) => {
    const mail = await render(name, HOSTILE_SAMPLES[name] as never);
    expect(mail.html).not.toContain('<script');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain(ESCAPED);
    // The text part is not HTML: it keeps the characters as typed.
    expect(mail.text).toContain(HOSTILE);
  });

  it('fills a value that looks like a slot of the layout in as text', async () => {
    const mail = await render('passwordReset', {
      firstName: '%%CONTENT%% %%ACTION_URL%%',
      resetUrl: 'https://portal.example.com/r',
      validMinutes: 30,
    });
    expect(mail.html).toContain('Hello %%CONTENT%% %%ACTION_URL%%,');
  });

  it('renders fast once the layout is compiled (docs/mail.md)', async () => {
    await render('requestReminder', HOSTILE_SAMPLES.requestReminder);
    const started = performance.now();
    for (let i = 0; i < 200; i += 1) await render('requestReminder', HOSTILE_SAMPLES.requestReminder);
    // About 0.5 ms each on a laptop; MJML itself takes 10 ms. The bound leaves room for a busy CI machine.
    expect((performance.now() - started) / 200).toBeLessThan(5);
  });
});

describe('the existing templates keep their subjects and texts', () => {
  const text = (...lines: string[]) => ['Ledgerport', '', ...lines, FOOTER].join('\n');

  it('invitation', async () => {
    const mail = await render('invitation', {
      inviterName: 'Ann Advisor',
      registerUrl: 'https://portal.example.com/register?token=abc',
      clientName: 'Harbor Bakery LLC',
      validDays: 7,
    });
    expect(mail.subject).toBe('Ann Advisor invited you to Ledgerport');
    expect(mail.text).toBe(
      text(
        'You are invited',
        '',
        'Ann Advisor invited you to collaborate on Harbor Bakery LLC in the Ledgerport client portal.',
        '',
        'Create your account with the button below.',
        '',
        'Create your account: https://portal.example.com/register?token=abc',
        '',
        'The link works once and for 7 days. If you did not expect this invitation, ignore this message.',
        '',
      ),
    );
    expect(mail.html).toContain('<h1 style="font-size:20px;line-height:1.3;margin:0 0 16px;');
    expect(mail.html).toContain('href="https://portal.example.com/register?token=abc"');
    expect(mail.html).toMatch(/>\s*Create your account\s*<\/a>/);

    const plain = await render('invitation', {
      inviterName: 'Ann Advisor',
      registerUrl: 'https://portal.example.com/register?token=abc',
    });
    expect(plain.text).toBe(
      text(
        'You are invited',
        '',
        'Ann Advisor invited you to the Ledgerport client portal, where you can exchange documents with your advisor securely.',
        '',
        'Create your account with the button below.',
        '',
        'Create your account: https://portal.example.com/register?token=abc',
        '',
      ),
    );
  });

  it('passwordReset', async () => {
    const mail = await render('passwordReset', {
      firstName: 'Jane',
      resetUrl: 'https://portal.example.com/forgot-password?token=abc&userId=7',
      validMinutes: 30,
    });
    expect(mail.subject).toBe('Reset your Ledgerport password');
    expect(mail.text).toBe(
      text(
        'Hello Jane,',
        '',
        'We received a request to reset the password of your account.',
        '',
        'The link below works once and for 30 minutes.',
        '',
        'Choose a new password: https://portal.example.com/forgot-password?token=abc&userId=7',
        '',
        'If you did not ask for this, ignore this message: your password stays as it is.',
        '',
      ),
    );
    // The button and the fallback link both carry the escaped address.
    expect(
      mail.html.match(/href="https:\/\/portal\.example\.com\/forgot-password\?token=abc&amp;userId=7"/g),
    ).toHaveLength(2);
    expect(mail.html).not.toContain('notification preferences');
  });

  it('documentShared', async () => {
    const shared = await render('documentShared', {
      senderName: 'Olga Owner',
      documentName: 'Payslips',
      url: 'https://portal.example.com/shared-documents/tok',
      expiresAt: new Date('2026-03-02T15:30:00Z'),
    });
    expect(shared.subject).toBe('Olga Owner shared a document with you');
    expect(shared.text).toBe(
      text(
        'Olga Owner shared a document with you',
        '',
        'Olga Owner shared "Payslips" with you in the Ledgerport client portal.',
        '',
        'Open it with the button below. The link is for you only; please do not forward it.',
        '',
        'Open the document: https://portal.example.com/shared-documents/tok',
        '',
        'The link works until March 2, 2026 at 3:30 PM UTC.',
        '',
      ),
    );
    expect(shared.html).toContain('shared &quot;Payslips&quot; with you');

    const signIn = await render('documentShared', {
      senderName: 'Olga Owner',
      documentName: 'Payslips',
      url: 'https://portal.example.com/documents/5',
    });
    expect(signIn.text).toBe(
      text(
        'Olga Owner shared a document with you',
        '',
        'Olga Owner shared "Payslips" with you in the Ledgerport client portal.',
        '',
        'Sign in to open it with the button below.',
        '',
        'Open the document: https://portal.example.com/documents/5',
        '',
      ),
    );
  });

  it('clientMessage keeps the sanitised body as it is and has no button', async () => {
    const mail = await render('clientMessage', {
      subject: 'Tax season',
      clientName: 'Acme LLC',
      bodyHtml: '<p>Hello <strong>there</strong></p><a href="https://ledgerport.example/x">good</a>',
      bodyText: 'Hello there',
    });
    expect(mail.subject).toBe('Tax season');
    expect(mail.text).toBe(
      text('Tax season', '', 'Hello there', '', 'You receive this message as a client of Ledgerport: Acme LLC.', ''),
    );
    expect(mail.html).toContain('<p>Hello <strong>there</strong></p><a href="https://ledgerport.example/x">good</a>');
    expect(mail.html).not.toContain('If the button does not work');
  });
});

const ITEMS: NotificationMailItem[] = [
  { title: 'Acme LLC uploaded 2025 W-2.pdf', clientName: 'Acme LLC', link: '/requests/12' },
  { title: 'A bank connection needs you to sign in again', clientName: null, link: '/reconciliations' },
  { title: 'Birch & Co completed "2025 tax return"', clientName: 'Birch & Co', link: null },
  { title: 'Acme LLC completed "Payroll"', clientName: 'Acme LLC', link: '/requests/14' },
];
const PREFERENCES = 'https://portal.example.com/profile#notifications';

/** The list items of the HTML part, as text. */
function listItems(html: string): string[] {
  return [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)].map((m) =>
    m[1]!
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

function expectPreferences(mail: RenderedMail) {
  expect(mail.html).toContain(`<a href="${PREFERENCES}">Change your notification preferences</a>`);
  expect(mail.text).toContain(
    `You receive this e-mail because of your notification preferences. Change them here: ${PREFERENCES}`,
  );
}

describe('notificationBatch', () => {
  it('lists every notification with its client and link, and links to the preferences', async () => {
    const mail = await render('notificationBatch', { firstName: 'Nina', items: ITEMS });
    expect(mail.subject).toBe('4 new notifications in Ledgerport');
    expect(listItems(mail.html)).toEqual([
      'Acme LLC uploaded 2025 W-2.pdf Acme LLC',
      'A bank connection needs you to sign in again',
      'Birch &amp; Co completed &quot;2025 tax return&quot; Birch &amp; Co',
      'Acme LLC completed &quot;Payroll&quot; Acme LLC',
    ]);
    expect(mail.html).toContain('<a href="https://portal.example.com/requests/12"');
    expect(mail.html).toContain('<strong>Birch &amp; Co completed &quot;2025 tax return&quot;</strong>');
    expect(mail.text).toContain(
      [
        '- Acme LLC uploaded 2025 W-2.pdf',
        '  Acme LLC',
        '  https://portal.example.com/requests/12',
        '- A bank connection needs you to sign in again',
        '  https://portal.example.com/reconciliations',
        '- Birch & Co completed "2025 tax return"',
        '  Birch & Co',
        '- Acme LLC completed "Payroll"',
      ].join('\n'),
    );
    expectPreferences(mail);
    expect((await render('notificationBatch', { firstName: 'Nina', items: ITEMS.slice(0, 1) })).subject).toBe(
      '1 new notification in Ledgerport',
    );
  });

  it('cuts a long list and says how many more wait in the portal', async () => {
    const items = Array.from({ length: MAX_LISTED_ITEMS + 7 }, (_, i) => ({
      title: `Notification ${i + 1}`,
      clientName: 'Acme LLC',
      link: `/requests/${i + 1}`,
    }));
    const mail = await render('notificationBatch', { firstName: 'Nina', items });
    expect(mail.subject).toBe(`${MAX_LISTED_ITEMS + 7} new notifications in Ledgerport`);
    expect(listItems(mail.html)).toHaveLength(MAX_LISTED_ITEMS);
    expect(mail.text).toContain('And 7 more in the portal: https://portal.example.com/');
  });

  it('refuses links that are not paths of the web app, and an empty list', async () => {
    for (const link of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)', '/\\evil', '/a b']) {
      await expect(
        render('notificationBatch', { firstName: 'Nina', items: [{ title: 'x', clientName: null, link }] }),
      ).rejects.toThrow(/paths of the web app/);
    }
    await expect(render('notificationBatch', { firstName: 'Nina', items: [] })).rejects.toThrow(/at least one/);
  });
});

describe('notificationDigest', () => {
  it('groups the day’s notifications by client (none last) and writes the date', async () => {
    const mail = await render('notificationDigest', { firstName: 'Sam', date: '2026-03-08', items: ITEMS });
    expect(mail.subject).toBe('Your Ledgerport digest for March 8, 2026');
    expect(mail.text).toContain(
      'Here is your daily digest for Sunday, March 8, 2026: 4 notifications from the Ledgerport client portal, by client.',
    );
    const headings = [...mail.html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(['Acme LLC', 'Birch &amp; Co', 'Not about one client']);
    expect(listItems(mail.html)).toEqual([
      'Acme LLC uploaded 2025 W-2.pdf',
      'Acme LLC completed &quot;Payroll&quot;',
      'Birch &amp; Co completed &quot;2025 tax return&quot;',
      'A bank connection needs you to sign in again',
    ]);
    expect(mail.text).toContain(
      [
        'Acme LLC',
        '',
        '- Acme LLC uploaded 2025 W-2.pdf',
        '  https://portal.example.com/requests/12',
        '- Acme LLC completed "Payroll"',
        '  https://portal.example.com/requests/14',
        '',
        'Birch & Co',
      ].join('\n'),
    );
    expectPreferences(mail);
  });

  it('refuses a date that is not a calendar day', async () => {
    for (const date of ['2026-3-8', '2026-02-30', '2026-03-08T00:00', 'yesterday']) {
      await expect(render('notificationDigest', { firstName: 'Sam', date, items: ITEMS })).rejects.toThrow(
        /calendar date/,
      );
    }
  });
});

describe('requestReminder', () => {
  it('lists due and overdue items across requests, earliest first, with one button to the To do list', async () => {
    const mail = await render('requestReminder', {
      firstName: 'Carla',
      items: [
        {
          clientName: 'Acme LLC',
          requestTitle: '2025 tax return',
          itemName: 'W-2',
          dueDate: '2026-03-10',
          overdue: false,
        },
        {
          clientName: 'Acme LLC',
          requestTitle: 'Payroll',
          itemName: 'Bank statement',
          dueDate: '2026-02-28',
          overdue: true,
        },
      ],
    });
    expect(mail.subject).toBe('Reminder: 2 items are waiting for you in Ledgerport');
    expect(listItems(mail.html)).toEqual([
      'Bank statement Payroll · Acme LLC Due February 28, 2026 Overdue',
      'W-2 2025 tax return · Acme LLC Due March 10, 2026',
    ]);
    expect(mail.html).toContain('<strong style="color:#c92a2a">Overdue</strong>');
    expect(mail.html.match(/href="https:\/\/portal\.example\.com\/to-do"/g)).toHaveLength(2);
    expect(mail.text).toContain(
      [
        '- Bank statement',
        '  Payroll · Acme LLC',
        '  Due February 28, 2026 (Overdue)',
        '- W-2',
        '  2025 tax return · Acme LLC',
        '  Due March 10, 2026',
        '',
        'Open your To do list: https://portal.example.com/to-do',
      ].join('\n'),
    );
    expectPreferences(mail);
    const one = await render('requestReminder', {
      firstName: 'Carla',
      items: [
        { clientName: 'Acme LLC', requestTitle: 'Payroll', itemName: 'W-2', dueDate: '2026-03-10', overdue: false },
      ],
    });
    expect(one.subject).toBe('Reminder: 1 item is waiting for you in Ledgerport');
    expect(one.text).toContain('Your firm is waiting for this item.');
  });
});

describe('secureMessageWaiting', () => {
  it('says a message is waiting and links to it, and nothing of the message', async () => {
    const mail = await render('secureMessageWaiting', {
      firstName: 'Carla',
      senderName: 'Ann Advisor',
      clientName: 'Acme LLC',
      link: '/messages/31',
    });
    expect(mail.subject).toBe('You have a new secure message in Ledgerport');
    expect(mail.text).toContain(
      'Ann Advisor sent you a secure message about Acme LLC in the Ledgerport client portal.',
    );
    expect(mail.text).toContain('Read the message: https://portal.example.com/messages/31');
    expect(mail.html).toMatch(/href="https:\/\/portal\.example\.com\/messages\/31"[^>]*>\s*Read the message\s*</);
    expectPreferences(mail);
  });
});

describe('delivery headers', () => {
  it('adds List-Unsubscribe to the preferences to notification mail only, never to security mail', () => {
    const header = { 'List-Unsubscribe': `<${PREFERENCES}>` };
    expect(deliveryHeadersOf('notificationBatch', context)).toEqual(header);
    expect(deliveryHeadersOf('notificationDigest', context)).toEqual(header);
    expect(deliveryHeadersOf('requestReminder', context)).toEqual(header);
    expect(deliveryHeadersOf('secureMessageWaiting', context)).toEqual(header);
    for (const template of ['invitation', 'passwordReset', 'documentShared', 'clientMessage', 'toString', 'unknown']) {
      expect(deliveryHeadersOf(template, context)).toEqual({});
    }
  });
});
