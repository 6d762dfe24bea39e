import nodemailer from 'nodemailer';

export interface OutgoingMail {
  messageId: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe on notification mail (mail.templates.ts, `deliveryHeadersOf`). */
  headers?: Record<string, string>;
}

/** How a queued message leaves: through SMTP, or not at all (kept in the outbox, read on Administration > Mail). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        messageId: mail.messageId,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
      });
    },
    close: () => transporter.close(),
  };
}

export function createOutboxTransport(): MailTransport {
  return { kind: 'outbox', send: async () => undefined, close: () => undefined };
}
