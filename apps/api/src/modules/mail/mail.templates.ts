/** The firm's branding for every message; templates fill in the body. */
const BRAND = { name: 'Ledgerport', color: '#4263EB' } as const;

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

interface Layout {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
  /** Already-sanitised HTML written by staff (the bulk client e-mail), with its plain-text twin. */
  rich?: { html: string; text: string };
}

function render({ subject, heading, paragraphs, action, footnote, rich }: Layout): RenderedMail {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${BRAND.color};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${BRAND.name}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${rich ? `<div style="font-size:15px;line-height:1.5">${rich.html}</div>` : ''}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${BRAND.color};color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#52606d;margin:0 0 12px">If the button does not work, open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : ''
}
${footnote ? `<p style="font-size:13px;color:#52606d;margin:16px 0 0">${escapeHtml(footnote)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#7b8794;border-top:1px solid #e4e7eb">${BRAND.name} client portal. This message was sent automatically; please do not reply.</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    BRAND.name,
    '',
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(rich ? [rich.text, ''] : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    `${BRAND.name} client portal. This message was sent automatically; please do not reply.`,
  ].join('\n');
  return { subject, html, text };
}

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
} as const;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
export type MailTemplateData<T extends MailTemplateName> = Parameters<(typeof MAIL_TEMPLATES)[T]>[0];
