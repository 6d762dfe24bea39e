import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { JobHandler } from '../../lib/jobs/worker.js';
import type { MailRepository } from './mail.repository.js';
import { MAIL_TEMPLATES, type MailTemplateData, type MailTemplateName } from './mail.templates.js';
import type { MailTransport } from './mail.transport.js';

export const MAIL_JOB = 'mail.deliver';
const mailJobPayload = z.object({ mailId: z.number().int().positive() });

export type MailService = ReturnType<typeof createMailService>;

export function createMailService({
  repository,
  queue,
  transport,
  from,
}: {
  repository: MailRepository;
  queue: JobQueue;
  transport: MailTransport;
  from: string;
}) {
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'ledgerport.local';

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
      const rendered = (MAIL_TEMPLATES[template] as (d: MailTemplateData<T>) => ReturnType<(typeof MAIL_TEMPLATES)[T]>)(
        data,
      );
      const mailId = await repository.insert(
        { messageId: `<${randomUUID()}@${domain}>`, template, toAddress: to, ...rendered },
        tx,
      );
      await queue.enqueue(MAIL_JOB, { mailId }, { tx, dedupeKey: `mail:${mailId}` });
      return mailId;
    },

    /** The job handler. Sending a message already delivered is a no-op, so a re-run sends nothing twice. */
    deliver: (async (payload, job) => {
      const { mailId } = mailJobPayload.parse(payload);
      const mail = await repository.findById(mailId);
      if (!mail || mail.status === 'sent' || mail.status === 'kept') return;
      try {
        await transport.send({
          messageId: mail.messageId,
          from,
          to: mail.toAddress,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
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
