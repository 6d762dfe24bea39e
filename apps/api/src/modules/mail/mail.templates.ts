import mjml2html from 'mjml';

/**
 * Every e-mail the product sends (docs/mail.md). A template turns its data into a subject, an HTML
 * part and a plain-text part. The HTML comes from one MJML layout (responsive: one column that
 * fills a phone's width, a fixed 560 px only for Outlook on Windows), compiled once per shape and
 * then filled in; whatever a user typed is escaped with `escapeHtml` before it goes in.
 *
 * No template carries document contents, Social Security numbers, bank numbers or message text:
 * an e-mail says that something is waiting and links to it in the portal.
 */

/** The firm's branding for every message; templates fill in the body. */
const BRAND = { name: 'Ledgerport', color: '#4263EB' } as const;

/** Paths of the web app (apps/web/src/app/routes-table.ts) that e-mails link to. */
export const MAIL_LINK_PATHS = {
  /** The profile page's notification preferences (issue 22). */
  notificationPreferences: '/profile#notifications',
  /** The client's To do list. */
  toDo: '/to-do',
} as const;

/** A long list is cut here (the rest is one line pointing to the portal): some mail apps clip big messages. */
export const MAX_LISTED_ITEMS = 50;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What a template may use besides its own data. */
export interface MailContext {
  /** The web app's address without a trailing slash (config `APP_URL`), to turn paths into links. */
  appUrl: string;
}

/**
 * Who may turn a message off. `security` mail (password reset, invitations, two-factor changes)
 * always goes; `transactional` mail is sent because someone acted for this recipient (a share, the
 * firm's bulk e-mail); `notification` mail follows the person's notification preferences, so it
 * links to them and carries a List-Unsubscribe header (added at delivery, `deliveryHeadersOf`).
 */
export type MailCategory = 'security' | 'transactional' | 'notification';

// ---------------------------------------------------------------------------------------------
// Data of the notification templates (issue 22 items 3 and 4, issue 23 item 5)
// ---------------------------------------------------------------------------------------------

/**
 * One notification as an e-mail lists it: exactly what the bell shows (NotificationDto in
 * packages/shared), never more. The title is the one line the server wrote when it created the
 * notification ("Acme LLC uploaded 2025 W-2.pdf"); it names objects, it never quotes their contents.
 */
export interface NotificationMailItem {
  /** The notification's one line, as the bell shows it. */
  title: string;
  /** The client it is about, or null when it is about none. */
  clientName: string | null;
  /** The web app's path of its object ("/requests/12"), as NotificationDto.link; null when there is none to open. */
  link: string | null;
}

/** `notificationBatch`: the notifications of one person within the batching window, in one e-mail. */
export interface NotificationBatchMailData {
  /** The recipient's first name, for the greeting. */
  firstName: string;
  /** Oldest first, as they happened; at least one. */
  items: NotificationMailItem[];
}

/** `notificationDigest`: the daily digest, the same items grouped by client. */
export interface NotificationDigestMailData {
  firstName: string;
  /**
   * The day of the digest in the firm's time zone, as a calendar date (`YYYY-MM-DD`): the sender
   * knows the zone, so the template only writes the date out.
   */
  date: string;
  /** At least one; grouped by `clientName` in the order each client first appears (items with none last). */
  items: NotificationMailItem[];
}

/** One request item still waiting for the client. */
export interface ReminderMailItem {
  /** The client the request is for (a person may be a user of several). */
  clientName: string;
  /** The request's title ("2025 tax return"). */
  requestTitle: string;
  /** The item's name ("W-2 from your employer"). */
  itemName: string;
  /** When it is due, as a calendar date (`YYYY-MM-DD`). */
  dueDate: string;
  /** Past its due date (the sender decides, in the firm's time zone). */
  overdue: boolean;
}

/** `requestReminder`: one e-mail a day per client user, listing their due and overdue items across requests. */
export interface RequestReminderMailData {
  firstName: string;
  /** At least one; listed by due date, earliest (overdue) first. */
  items: ReminderMailItem[];
}

/** `secureMessageWaiting`: a secure message is waiting (issue 23). Never the message's text or its subject. */
export interface SecureMessageWaitingMailData {
  firstName: string;
  /** Who wrote it (a staff member's or a client user's name). */
  senderName: string;
  /** The client the conversation belongs to. */
  clientName: string;
  /** The web app's path of the conversation, e.g. "/messages/12". */
  link: string;
}

// ---------------------------------------------------------------------------------------------
// The layout
// ---------------------------------------------------------------------------------------------

interface ListItem {
  title: string;
  /** A link on the title. */
  url?: string;
  /** Lines under the title, in clear (escaped here). */
  details: string[];
  /** A word shown in red and bold beside the last detail line ("Overdue"). */
  flag?: string;
}

interface ListGroup {
  heading?: string;
  items: ListItem[];
}

interface Layout {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Items below the paragraphs, optionally under group headings. */
  list?: { groups: ListGroup[]; more?: { text: string; url: string } };
  action?: { label: string; url: string };
  footnote?: string;
  /** Already-sanitised HTML written by staff (the bulk client e-mail), with its plain-text twin. */
  rich?: { html: string; text: string };
  /** Notification mail: why it came and where to change that. */
  preferencesUrl?: string;
}

const FOOTER = `${BRAND.name} client portal. This message was sent automatically; please do not reply.`;
const PREFERENCES_NOTE = 'You receive this e-mail because of your notification preferences.';
const TEXT_STYLE = 'font-size:15px;line-height:1.5;margin:0 0 12px';
const SMALL_STYLE = 'font-size:13px;line-height:1.5;color:#52606d;margin:0 0 12px';
/** Long links and names without spaces wrap instead of widening a phone's screen. */
const WRAP_STYLE = 'overflow-wrap:anywhere;word-break:break-word';

/** The slots a compiled layout is filled in at; nothing a user typed can name one (one pass, see `fill`). */
const SLOTS = ['SUBJECT', 'CONTENT', 'ACTION_URL', 'ACTION_LABEL', 'AFTER'] as const;
type Slot = (typeof SLOTS)[number];
const slot = (name: Slot) => `%%${name}%%`;

function mjmlSource(withAction: boolean): string {
  return `<mjml lang="en">
  <mj-head>
    <mj-title>${slot('SUBJECT')}</mj-title>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text color="#1f2933" font-size="15px" line-height="1.5" padding="0 24px" />
      <mj-section padding="0" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f4f5f7" width="560px">
    <mj-wrapper padding="24px 0" css-class="card">
      <mj-section background-color="${BRAND.color}" border-radius="8px 8px 0 0" padding="16px 0">
        <mj-column>
          <mj-text color="#ffffff" font-size="20px" font-weight="bold" line-height="1.2">${BRAND.name}</mj-text>
        </mj-column>
      </mj-section>
      <mj-section background-color="#ffffff" padding="24px 0 12px">
        <mj-column>
          <mj-text>${slot('CONTENT')}</mj-text>${
            withAction
              ? `
          <mj-button href="${slot('ACTION_URL')}" align="left" background-color="${BRAND.color}" color="#ffffff" font-size="15px" font-weight="bold" border-radius="4px" inner-padding="12px 20px" padding="12px 24px 24px">${slot('ACTION_LABEL')}</mj-button>`
              : ''
          }
          <mj-text>${slot('AFTER')}</mj-text>
        </mj-column>
      </mj-section>
      <mj-section background-color="#ffffff" border-top="1px solid #e4e7eb" border-radius="0 0 8px 8px" padding="16px 0">
        <mj-column>
          <mj-text font-size="12px" color="#7b8794">${FOOTER}</mj-text>
        </mj-column>
      </mj-section>
    </mj-wrapper>
  </mj-body>
</mjml>`;
}

/**
 * MJML takes about 10 ms a message (50 ms the first time); filling a compiled layout in takes
 * microseconds. There are two shapes, with and without the button; each is compiled once per
 * process, on first use.
 */
const compiledLayouts = new Map<boolean, Promise<string>>();

function compiledLayout(withAction: boolean): Promise<string> {
  let layout = compiledLayouts.get(withAction);
  if (!layout) {
    layout = mjml2html(mjmlSource(withAction), { validationLevel: 'strict' }).then(({ html }) => {
      for (const name of SLOTS) {
        if ((name === 'ACTION_URL' || name === 'ACTION_LABEL') && !withAction) continue;
        if (!html.includes(slot(name))) throw new Error(`The compiled mail layout lost its ${name} slot.`);
      }
      return html;
    });
    // A failed compile is not kept: the next message tries again.
    layout.catch(() => compiledLayouts.delete(withAction));
    compiledLayouts.set(withAction, layout);
  }
  return layout;
}

/** Compiles both layouts ahead of the first message (a server calls it at start); a failure is left for that message to meet. */
export function prepareMailLayouts(): Promise<void> {
  return Promise.all([compiledLayout(true), compiledLayout(false)]).then(
    () => undefined,
    () => undefined,
  );
}

/** Fills every slot in one pass, so a value that happens to contain `%%CONTENT%%` stays text. */
function fill(layout: string, values: Record<Slot, string>): string {
  return layout.replace(/%%(SUBJECT|CONTENT|ACTION_URL|ACTION_LABEL|AFTER)%%/g, (_, name: Slot) => values[name]);
}

function listHtml(list: NonNullable<Layout['list']>): string {
  const groups = list.groups.map((group) => {
    const heading = group.heading
      ? `<h2 style="font-size:16px;line-height:1.4;margin:20px 0 4px;${WRAP_STYLE}">${escapeHtml(group.heading)}</h2>`
      : '';
    const items = group.items.map((item) => {
      const title = item.url
        ? `<a href="${escapeHtml(item.url)}" style="color:${BRAND.color};font-weight:bold;text-decoration:underline">${escapeHtml(item.title)}</a>`
        : `<strong>${escapeHtml(item.title)}</strong>`;
      const details = item.details.map((line, index) => {
        const flag =
          item.flag && index === item.details.length - 1
            ? ` <strong style="color:#c92a2a">${escapeHtml(item.flag)}</strong>`
            : '';
        return `<div style="font-size:13px;color:#52606d">${escapeHtml(line)}${flag}</div>`;
      });
      return `<li style="margin:0;padding:10px 0;border-top:1px solid #e4e7eb;${WRAP_STYLE}"><div style="font-size:15px">${title}</div>${details.join('')}</li>`;
    });
    return `${heading}<ul style="list-style:none;margin:0 0 12px;padding:0">${items.join('')}</ul>`;
  });
  const more = list.more
    ? `<p style="${TEXT_STYLE}"><a href="${escapeHtml(list.more.url)}" style="color:${BRAND.color}">${escapeHtml(list.more.text)}</a></p>`
    : '';
  return groups.join('') + more;
}

function listText(list: NonNullable<Layout['list']>): string[] {
  const lines: string[] = [];
  for (const group of list.groups) {
    if (group.heading) lines.push(group.heading, '');
    for (const item of group.items) {
      lines.push(`- ${item.title}`);
      item.details.forEach((line, index) => {
        const flag = item.flag && index === item.details.length - 1 ? ` (${item.flag})` : '';
        lines.push(`  ${line}${flag}`);
      });
      if (item.url) lines.push(`  ${item.url}`);
    }
    lines.push('');
  }
  if (list.more) lines.push(`${list.more.text}: ${list.more.url}`, '');
  return lines;
}

async function render(layout: Layout): Promise<RenderedMail> {
  const { subject, heading, paragraphs, list, action, footnote, rich, preferencesUrl } = layout;
  const content = [
    `<h1 style="font-size:20px;line-height:1.3;margin:0 0 16px;${WRAP_STYLE}">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map((p) => `<p style="${TEXT_STYLE}">${escapeHtml(p)}</p>`),
    rich ? `<div style="font-size:15px;line-height:1.5">${rich.html}</div>` : '',
    list ? listHtml(list) : '',
  ].join('\n');
  const after = [
    action
      ? `<p style="${SMALL_STYLE};${WRAP_STYLE}">If the button does not work, open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
      : '',
    footnote ? `<p style="${SMALL_STYLE}">${escapeHtml(footnote)}</p>` : '',
    preferencesUrl
      ? `<p style="${SMALL_STYLE}">${PREFERENCES_NOTE} <a href="${escapeHtml(preferencesUrl)}">Change your notification preferences</a>.</p>`
      : '',
  ].join('\n');
  const html = fill(await compiledLayout(action !== undefined), {
    SUBJECT: escapeHtml(subject),
    CONTENT: content,
    ACTION_URL: action ? escapeHtml(action.url) : '',
    ACTION_LABEL: action ? escapeHtml(action.label) : '',
    AFTER: after,
  });
  const text = [
    BRAND.name,
    '',
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(rich ? [rich.text, ''] : []),
    ...(list ? listText(list) : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    ...(preferencesUrl ? [`${PREFERENCES_NOTE} Change them here: ${preferencesUrl}`, ''] : []),
    FOOTER,
  ].join('\n');
  return { subject, html, text };
}

// ---------------------------------------------------------------------------------------------
// Helpers of the notification templates
// ---------------------------------------------------------------------------------------------

/** A link into the web app from one of its paths; anything else (another site, `//host`, a scheme) is refused. */
function portalUrl(context: MailContext, path: string): string {
  if (!/^\/(?![/\\])[^\s\\]*$/.test(path)) {
    throw new Error(`An e-mail links only to paths of the web app, not "${path}".`);
  }
  return `${context.appUrl}${path}`;
}

/** Built once: `toLocaleDateString` builds a formatter on every call, the largest part of a reminder's render. */
const DATE_FORMATS = {
  long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
  full: new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }),
};

/** `2026-03-02` → `March 2, 2026` (`long`) or `Monday, March 2, 2026` (`full`). */
function calendarDate(date: string, style: 'long' | 'full'): string {
  const midnight = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : undefined;
  // A day that does not exist (February 30) would otherwise roll over into the next month.
  if (!midnight || Number.isNaN(midnight.getTime()) || midnight.toISOString().slice(0, 10) !== date) {
    throw new Error(`Not a calendar date (YYYY-MM-DD): "${date}".`);
  }
  // The date is already the firm's day; midnight UTC read in UTC keeps it that day.
  return DATE_FORMATS[style].format(midnight);
}

function nonEmpty<T>(items: readonly T[], template: string): readonly T[] {
  if (items.length === 0) throw new Error(`The ${template} e-mail needs at least one item.`);
  return items;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What is cut from a long list, said in one line that opens the portal. */
function moreLine(total: number, url: string) {
  return total > MAX_LISTED_ITEMS ? { text: `And ${total - MAX_LISTED_ITEMS} more in the portal`, url } : undefined;
}

function notificationListItem(item: NotificationMailItem, context: MailContext, withClient: boolean): ListItem {
  return {
    title: item.title,
    url: item.link === null ? undefined : portalUrl(context, item.link),
    details: withClient && item.clientName ? [item.clientName] : [],
  };
}

const OTHER_GROUP = 'Not about one client';

// ---------------------------------------------------------------------------------------------
// The templates
// ---------------------------------------------------------------------------------------------

/** Every message the product sends, by name, with the data it needs. */
export const MAIL_TEMPLATES = {
  invitation: (data: { inviterName: string; registerUrl: string; clientName?: string; validDays?: number }) =>
    render({
      subject: `${data.inviterName} invited you to ${BRAND.name}`,
      heading: 'You are invited',
      paragraphs: [
        data.clientName
          ? `${data.inviterName} invited you to collaborate on ${data.clientName} in the ${BRAND.name} client portal.`
          : `${data.inviterName} invited you to the ${BRAND.name} client portal, where you can exchange documents with your advisor securely.`,
        'Create your account with the button below.',
      ],
      action: { label: 'Create your account', url: data.registerUrl },
      footnote: data.validDays
        ? `The link works once and for ${data.validDays} days. If you did not expect this invitation, ignore this message.`
        : undefined,
    }),
  passwordReset: (data: { firstName: string; resetUrl: string; validMinutes: number }) =>
    render({
      subject: `Reset your ${BRAND.name} password`,
      heading: `Hello ${data.firstName},`,
      paragraphs: [
        'We received a request to reset the password of your account.',
        `The link below works once and for ${data.validMinutes} minutes.`,
      ],
      action: { label: 'Choose a new password', url: data.resetUrl },
      footnote: 'If you did not ask for this, ignore this message: your password stays as it is.',
    }),
  /**
   * A document shared by e-mail: always a link, never the file. `expiresAt` is set for links that
   * work without an account (they expire); sign-in links have none.
   */
  documentShared: (data: { senderName: string; documentName: string; url: string; expiresAt?: Date }) =>
    render({
      subject: `${data.senderName} shared a document with you`,
      heading: `${data.senderName} shared a document with you`,
      paragraphs: [
        `${data.senderName} shared "${data.documentName}" with you in the ${BRAND.name} client portal.`,
        data.expiresAt
          ? 'Open it with the button below. The link is for you only; please do not forward it.'
          : 'Sign in to open it with the button below.',
      ],
      action: { label: 'Open the document', url: data.url },
      footnote: data.expiresAt
        ? `The link works until ${data.expiresAt.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC.`
        : undefined,
    }),
  /** The bulk e-mail to clients (spec 02): `bodyHtml` must already be sanitised by the sender. */
  clientMessage: (data: { subject: string; clientName: string; bodyHtml: string; bodyText: string }) =>
    render({
      subject: data.subject,
      heading: data.subject,
      paragraphs: [],
      rich: { html: data.bodyHtml, text: data.bodyText },
      footnote: `You receive this message as a client of ${BRAND.name}: ${data.clientName}.`,
    }),

  /** Notifications of one person within the batching window (issue 22 item 3), one e-mail for them all. */
  notificationBatch: (data: NotificationBatchMailData, context: MailContext) => {
    const items = nonEmpty(data.items, 'notificationBatch');
    return render({
      subject: `${plural(items.length, 'new notification', 'new notifications')} in ${BRAND.name}`,
      heading: `Hello ${data.firstName},`,
      paragraphs: [`Here is what is new for you in the ${BRAND.name} client portal.`],
      list: {
        groups: [{ items: items.slice(0, MAX_LISTED_ITEMS).map((item) => notificationListItem(item, context, true)) }],
        more: moreLine(items.length, portalUrl(context, '/')),
      },
      preferencesUrl: portalUrl(context, MAIL_LINK_PATHS.notificationPreferences),
    });
  },

  /** The daily digest (issue 22 item 3): the day's notifications grouped by client. */
  notificationDigest: (data: NotificationDigestMailData, context: MailContext) => {
    const items = nonEmpty(data.items, 'notificationDigest');
    const groups = new Map<string | null, ListItem[]>();
    for (const item of items.slice(0, MAX_LISTED_ITEMS)) {
      const group = groups.get(item.clientName) ?? [];
      group.push(notificationListItem(item, context, false));
      groups.set(item.clientName, group);
    }
    // Items about no client come last, under their own heading.
    const ordered = [...groups].sort(([a], [b]) => Number(a === null) - Number(b === null));
    return render({
      subject: `Your ${BRAND.name} digest for ${calendarDate(data.date, 'long')}`,
      heading: `Hello ${data.firstName},`,
      paragraphs: [
        `Here is your daily digest for ${calendarDate(data.date, 'full')}: ${plural(items.length, 'notification', 'notifications')} from the ${BRAND.name} client portal, by client.`,
      ],
      list: {
        groups: ordered.map(([clientName, groupItems]) => ({ heading: clientName ?? OTHER_GROUP, items: groupItems })),
        more: moreLine(items.length, portalUrl(context, '/')),
      },
      preferencesUrl: portalUrl(context, MAIL_LINK_PATHS.notificationPreferences),
    });
  },

  /** The daily reminder to a client user (issue 22 item 4): their due and overdue items across requests. */
  requestReminder: (data: RequestReminderMailData, context: MailContext) => {
    const items = [...nonEmpty(data.items, 'requestReminder')].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    const toDoUrl = portalUrl(context, MAIL_LINK_PATHS.toDo);
    return render({
      subject: `Reminder: ${plural(items.length, 'item is', 'items are')} waiting for you in ${BRAND.name}`,
      heading: `Hello ${data.firstName},`,
      paragraphs: [
        `Your firm is waiting for ${items.length === 1 ? 'this item' : 'these items'}.`,
        'Upload or answer them on your To do list in the client portal.',
      ],
      list: {
        groups: [
          {
            items: items.slice(0, MAX_LISTED_ITEMS).map((item) => ({
              title: item.itemName,
              details: [`${item.requestTitle} · ${item.clientName}`, `Due ${calendarDate(item.dueDate, 'long')}`],
              flag: item.overdue ? 'Overdue' : undefined,
            })),
          },
        ],
        more: moreLine(items.length, toDoUrl),
      },
      action: { label: 'Open your To do list', url: toDoUrl },
      preferencesUrl: portalUrl(context, MAIL_LINK_PATHS.notificationPreferences),
    });
  },

  /** A secure message is waiting (issue 23 item 5): says so and links to it, never its text. */
  secureMessageWaiting: (data: SecureMessageWaitingMailData, context: MailContext) =>
    render({
      subject: `You have a new secure message in ${BRAND.name}`,
      heading: `Hello ${data.firstName},`,
      paragraphs: [
        `${data.senderName} sent you a secure message about ${data.clientName} in the ${BRAND.name} client portal.`,
        'For your security the message is not in this e-mail: sign in to read it.',
      ],
      action: { label: 'Read the message', url: portalUrl(context, data.link) },
      preferencesUrl: portalUrl(context, MAIL_LINK_PATHS.notificationPreferences),
    }),
} as const;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
export type MailTemplateData<T extends MailTemplateName> = Parameters<(typeof MAIL_TEMPLATES)[T]>[0];

/** Every template's category: a new template must choose one (the record is exhaustive). */
export const MAIL_CATEGORY: Record<MailTemplateName, MailCategory> = {
  invitation: 'security',
  passwordReset: 'security',
  documentShared: 'transactional',
  clientMessage: 'transactional',
  notificationBatch: 'notification',
  notificationDigest: 'notification',
  requestReminder: 'notification',
  secureMessageWaiting: 'notification',
};

/** Renders a template by name (what the outbox stores). */
export async function renderMail<T extends MailTemplateName>(
  template: T,
  data: MailTemplateData<T>,
  context: MailContext,
): Promise<RenderedMail> {
  const renderTemplate = MAIL_TEMPLATES[template] as (
    data: MailTemplateData<T>,
    context: MailContext,
  ) => Promise<RenderedMail>;
  return renderTemplate(data, context);
}

/**
 * Headers added when a stored message is delivered, from its template's name (the outbox row keeps
 * no headers). Notification mail gets `List-Unsubscribe` pointing to the preferences page, so a mail
 * app's "unsubscribe" leads there; security mail never does. There is no one-click endpoint, so no
 * `List-Unsubscribe-Post` (RFC 8058).
 */
export function deliveryHeadersOf(template: string, context: MailContext): Record<string, string> {
  const category = Object.hasOwn(MAIL_CATEGORY, template) ? MAIL_CATEGORY[template as MailTemplateName] : undefined;
  if (category !== 'notification') return {};
  return { 'List-Unsubscribe': `<${portalUrl(context, MAIL_LINK_PATHS.notificationPreferences)}>` };
}
