import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { FieldCrypto } from '../../lib/field-crypto.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { JobHandler } from '../../lib/jobs/worker.js';
import { ENCRYPTED_BODY_PREFIX, type MailRepository } from './mail.repository.js';
import {
  deliveryHeadersOf,
  prepareMailLayouts,
  renderMail,
  type MailTemplateData,
  type MailTemplateName,
} from './mail.templates.js';
import type { MailTransport } from './mail.transport.js';

export const MAIL_JOB = 'mail.deliver';
const mailJobPayload = z.object({ mailId: z.number().int().positive() });

export type MailService = ReturnType<typeof createMailService>;

/**
 * A stored body in clear: ciphertext is decrypted; a row written before bodies were encrypted (and
 * not yet encrypted by the maintenance job) is read as it is.
 */
export function readBody(fieldCrypto: FieldCrypto, stored: string): string {
  return stored.startsWith(ENCRYPTED_BODY_PREFIX) ? fieldCrypto.decrypt(stored) : stored;
}

export function createMailService({
  repository,
  queue,
  transport,
  from,
  appUrl,
  fieldCrypto,
  logger,
}: {
  repository: MailRepository;
  queue: JobQueue;
  transport: MailTransport;
  from: string;
  /** The web app's address (config `APP_URL`): templates link to its paths, and List-Unsubscribe to its preferences page. */
  appUrl: string;
  /** Bodies carry reset, invitation and share links: they are stored encrypted (ADR 0006). */
  fieldCrypto: FieldCrypto;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'ledgerport.local';
  const context = { appUrl };
  // The first message would otherwise wait for MJML inside its caller's transaction.
  void prepareMailLayouts();

  return {
    /**
     * Writes the message to the outbox and queues its delivery, in the caller's transaction: the
     * message exists exactly when the change that caused it commits.
     */
    async queue<T extends MailTemplateName>(
      template: T,
      to: string,
      data: MailTemplateData<T>,
      tx?: DbOrTx,
    ): Promise<number> {
      const rendered = await renderMail(template, data, context);
      const mailId = await repository.insert(
        {
          messageId: `<${randomUUID()}@${domain}>`,
          template,
          toAddress: to,
          subject: rendered.subject,
          html: fieldCrypto.encrypt(rendered.html),
          text: fieldCrypto.encrypt(rendered.text),
        },
        tx,
      );
      await queue.enqueue(MAIL_JOB, { mailId }, { tx, dedupeKey: `mail:${mailId}` });
      return mailId;
    },

    /**
     * The job handler. A message already delivered is skipped, so a re-run sends nothing twice. The
     * attempt is recorded ('sending', committed) before the SMTP transaction starts: a message found
     * in 'sending' was being sent by a process that died, and the server may or may not have
     * accepted it. It is sent again with the same Message-ID (at least once; docs/reliability.md).
     */
    deliver: (async (payload, job) => {
      const { mailId } = mailJobPayload.parse(payload);
      const mail = await repository.findById(mailId);
      if (!mail || mail.status === 'sent' || mail.status === 'kept') return;
      // Only delivered bodies are erased; this guards a row edited by hand.
      if (mail.html === null || mail.text === null) {
        await repository.markAttemptFailed(mailId, 'The body of this message has been erased.', true);
        return;
      }
      if (mail.status === 'sending') {
        logger?.warn(
          { mailId, messageId: mail.messageId },
          'resending a message whose previous attempt was interrupted; the receiver may see it twice',
        );
      }
      await repository.markSending(mailId);
      try {
        await transport.send({
          messageId: mail.messageId,
          from,
          to: mail.toAddress,
          subject: mail.subject,
          html: readBody(fieldCrypto, mail.html),
          text: readBody(fieldCrypto, mail.text),
          headers: deliveryHeadersOf(mail.template, context),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await repository.markAttemptFailed(mailId, message, job.attempts >= job.maxAttempts);
        throw error;
      }
      await repository.markDelivered(mailId, transport.kind === 'smtp' ? 'sent' : 'kept');
    }) satisfies JobHandler,
  };
}
