import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { NOTIFICATION_KIND } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';

/** The job that turns one event into its recipients' notifications (notifications.service `deliver`). */
export const NOTIFICATION_JOB = 'notifications.deliver';

const id = z.number().int().positive();
/**
 * What people typed (a file name, a request's title), as it was: each route bounded it already, and
 * the title masks and shortens it (notification-texts.ts). No bound here: a refused payload would
 * fail its job for good and lose the notification.
 */
const text = z.string();

const base = {
  clientId: id,
  /** Who did it: never told of their own action. Null for the system (a schedule's request). */
  actorUserId: id.nullable(),
};
/** The service the object is filed under: a collaborator hears of it only with a grant of that service. */
const documents = {
  ...base,
  serviceId: id,
  documents: z
    .array(z.object({ id, name: text }))
    .min(1)
    .max(100),
};
const request = {
  ...base,
  serviceId: id,
  requestId: id,
  requestTitle: text,
  /** Hears of the client's answers beside the advisor and the followers. */
  requestCreatorUserId: id.nullable(),
};
const item = { ...request, itemId: id, itemTitle: text };

/**
 * What happened, as the action that did it knows it. The job's payload: the worker finds the
 * recipients and writes each one's notification from it (docs/notifications.md).
 */
export const notificationEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal(NOTIFICATION_KIND.documentUploaded), ...documents }),
  z.object({ kind: z.literal(NOTIFICATION_KIND.documentReceived), ...documents }),
  z.object({ kind: z.literal(NOTIFICATION_KIND.requestCreated), ...request }),
  z.object({
    kind: z.literal(NOTIFICATION_KIND.requestItemSubmitted),
    ...item,
    /** How many files were uploaded to the item; null for an answer. */
    fileCount: z.number().int().min(1).nullable(),
  }),
  z.object({ kind: z.literal(NOTIFICATION_KIND.requestItemNotApplicable), ...item }),
  z.object({ kind: z.literal(NOTIFICATION_KIND.requestItemReturned), ...item }),
  z.object({ kind: z.literal(NOTIFICATION_KIND.requestCompleted), ...request }),
  z.object({
    kind: z.literal(NOTIFICATION_KIND.announcementAcknowledged),
    ...base,
    announcementId: id,
    announcementTitle: text,
  }),
  z.object({
    kind: z.literal(NOTIFICATION_KIND.contractorFeePaid),
    ...base,
    paymentId: id,
    taxYear: z.number().int().nullable(),
  }),
  /**
   * A new message in a secure conversation (docs/messages.md). Its text never travels here: the
   * notification says only that a message is waiting. An internal note reaches staff alone.
   */
  z.object({
    kind: z.literal(NOTIFICATION_KIND.messageReceived),
    ...base,
    conversationId: id,
    messageId: id,
    isInternalNote: z.boolean(),
    /** The staff who take part (who wrote in it, read it, or are assigned); the advisor and followers are added. */
    staffUserIds: z.array(id).max(500),
  }),
  /**
   * A linked bank login started needing the client's action (docs/reconciliation.md, connection
   * health): told to the client's people who reconcile it (the owner, collaborators granted the
   * service) and to its advisor and followers. Once per move away from healthy.
   */
  z.object({
    kind: z.literal(NOTIFICATION_KIND.bankConnectionNeedsAction),
    ...base,
    /** The Bookkeeping service, which a collaborator must be granted to see bank accounts. */
    serviceId: id,
    institutionId: id,
    institutionName: text,
    connectionState: z.enum(['login-required', 'pending-expiration', 'disconnected', 'error']),
  }),
  /**
   * The firm asked the client about bank transactions (docs/reconciliation.md, transaction questions),
   * or asked again about one: told to the client's people who reconcile it (the service is
   * Bookkeeping). Once per ask: its questions' ids name it.
   */
  z.object({
    kind: z.literal(NOTIFICATION_KIND.transactionQuestionsAsked),
    ...base,
    serviceId: id,
    questionIds: z.array(id).min(1).max(100),
    askedAgain: z.boolean(),
  }),
  /**
   * Questions still waiting on the client a few days on (the questions' reminder run): told to the
   * client's people who reconcile it, once per run day (the day names it).
   */
  z.object({
    kind: z.literal(NOTIFICATION_KIND.transactionQuestionsReminder),
    ...base,
    serviceId: id,
    questionIds: z.array(id).min(1).max(500),
    /** The firm day (YYYY-MM-DD) of the run. */
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  /** The client answered a question: told to whoever asked it, the advisor and the followers. */
  z.object({
    kind: z.literal(NOTIFICATION_KIND.transactionQuestionAnswered),
    ...base,
    serviceId: id,
    questionId: id,
    transactionName: text,
    askedByUserId: id.nullable(),
  }),
  /**
   * A client user's request reminder of one firm day (docs/requests.md#reminders): the requests
   * module chose the person and sent the e-mail, so it goes to that person alone and is never e-mailed
   * again from here.
   */
  z.object({
    kind: z.literal(NOTIFICATION_KIND.reminder),
    userId: id,
    /** The firm day (YYYY-MM-DD): one reminder a person a day. */
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    /** The client its items belong to, or null when they are several clients'. */
    clientId: id.nullable(),
    /** The staff member who chose "Remind now"; null for the daily job. */
    actorUserId: id.nullable(),
    itemCount: z.number().int().min(1),
    overdueCount: z.number().int().min(0),
  }),
]);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** The queued payload: the event and the key that makes its notifications once per recipient. */
export const queuedEventSchema = z.object({ key: z.string().min(1).max(200), event: notificationEventSchema });
export type QueuedEvent = z.infer<typeof queuedEventSchema>;

/**
 * Names one occurrence of an event. Things that happen once per object (a document uploaded, a
 * request made or completed, a payment) are named by the object, so even publishing one twice makes
 * one notification; a step that can happen again (an item submitted, returned and submitted again)
 * gets a fresh id, carried in the job so every retry of that job reuses it.
 */
export function eventKeyOf(event: NotificationEvent): string {
  switch (event.kind) {
    case NOTIFICATION_KIND.documentUploaded:
    case NOTIFICATION_KIND.documentReceived:
      return `${event.kind}:document:${Math.min(...event.documents.map((document) => document.id))}`;
    case NOTIFICATION_KIND.requestCreated:
    case NOTIFICATION_KIND.requestCompleted:
      return `${event.kind}:request:${event.requestId}`;
    case NOTIFICATION_KIND.requestItemSubmitted:
    case NOTIFICATION_KIND.requestItemNotApplicable:
    case NOTIFICATION_KIND.requestItemReturned:
      return `${event.kind}:request-item:${event.itemId}:${randomUUID()}`;
    case NOTIFICATION_KIND.announcementAcknowledged:
      return `${event.kind}:announcement:${event.announcementId}:client:${event.clientId}:user:${event.actorUserId}`;
    case NOTIFICATION_KIND.contractorFeePaid:
      return `${event.kind}:payment:${event.paymentId}`;
    case NOTIFICATION_KIND.reminder:
      return `${event.kind}:user:${event.userId}:day:${event.day}`;
    case NOTIFICATION_KIND.messageReceived:
      return `${event.kind}:message:${event.messageId}`;
    // Each ask or answer is news (a question may be asked again and answered again).
    case NOTIFICATION_KIND.transactionQuestionsAsked:
      return `${event.kind}:questions:${Math.min(...event.questionIds)}:${randomUUID()}`;
    case NOTIFICATION_KIND.transactionQuestionAnswered:
      return `${event.kind}:question:${event.questionId}:${randomUUID()}`;
    case NOTIFICATION_KIND.transactionQuestionsReminder:
      return `${event.kind}:client:${event.clientId}:day:${event.day}`;
    // Published once per move away from healthy, in that move's transaction: each move is news.
    case NOTIFICATION_KIND.bankConnectionNeedsAction:
      return `${event.kind}:institution:${event.institutionId}:${randomUUID()}`;
  }
}

export type NotificationPublisher = ReturnType<typeof createNotificationPublisher>;

/**
 * What other modules call from inside the transaction of their action: one job, committed with the
 * action or not at all, so a notification is never made for something that was rolled back nor lost
 * for something that happened. The recipients are found later, by the worker.
 */
export function createNotificationPublisher(queue: JobQueue) {
  return {
    async publish(event: NotificationEvent, tx: DbOrTx): Promise<void> {
      const key = eventKeyOf(event);
      const payload: QueuedEvent = { key, event };
      await queue.enqueue(NOTIFICATION_JOB, payload, { tx, dedupeKey: `notification:${key}` });
    },
  };
}
