import { hourIn, NOTIFICATION_KIND, REMINDER_SEND_FROM_HOUR, todayIn } from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { scheduleHourly } from '../../lib/jobs/hourly.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { NotificationPublisher } from '../notifications/index.js';
import type { ReconciliationRepository } from '../reconciliation/index.js';
import type { TransactionQuestionsRepository } from './transaction-questions.repository.js';

export const SEND_QUESTION_REMINDERS_JOB = 'transaction-questions.send-reminders';

/** Queues the next hourly run (lib/jobs/hourly.ts), counted from the run's own hour (`after`). */
export function scheduleQuestionReminders(queue: JobQueue, options: { now?: Date; after?: unknown } = {}) {
  return scheduleHourly(queue, SEND_QUESTION_REMINDERS_JOB, options);
}

/**
 * Reminders of the questions waiting on a client (issue 24 item 1, "reminders as for request items";
 * docs/reconciliation.md): from REMINDER_SEND_FROM_HOUR of the firm's day, each question that has
 * waited TRANSACTION_QUESTION_REMINDER.afterDays and was not reminded for everyDays is claimed, at most
 * maxCount times, and each client with some gets one notification listing how many, told to its people
 * who reconcile it and e-mailed by their choice for the kind (immediately by default). The claim and the
 * notifications commit together: a run twice, on two workers or after a crash, reminds once.
 */
export function createQuestionReminders({
  db,
  repository,
  reconciliation,
  notifications,
  timeZone,
  now = () => new Date(),
}: {
  db: Db;
  repository: Pick<TransactionQuestionsRepository, 'claimDueReminders'>;
  reconciliation: Pick<ReconciliationRepository, 'bookkeepingServiceId'>;
  notifications: NotificationPublisher;
  /** The firm's IANA zone: reminders go out in its working day. */
  timeZone: (tx?: DbOrTx) => Promise<string>;
  now?: () => Date;
}) {
  return {
    /** Returns how many clients were reminded. */
    async runDue(at: Date = now()): Promise<number> {
      const zone = await timeZone();
      if (hourIn(zone, at) < REMINDER_SEND_FROM_HOUR) return 0;
      const day = todayIn(zone, at);
      return db.transaction(async (tx) => {
        const serviceId = await reconciliation.bookkeepingServiceId(tx);
        if (serviceId === null) return 0;
        const claimed = await repository.claimDueReminders(at, tx);
        const byClient = new Map<number, number[]>();
        for (const { id, clientId } of claimed) byClient.set(clientId, [...(byClient.get(clientId) ?? []), id]);
        for (const [clientId, questionIds] of byClient) {
          await notifications.publish(
            {
              kind: NOTIFICATION_KIND.transactionQuestionsReminder,
              clientId,
              actorUserId: null,
              serviceId,
              questionIds: questionIds.slice(0, 500),
              day,
            },
            tx,
          );
        }
        return byClient.size;
      });
    },
  };
}
