import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { hourIn, NOTIFICATION_DELIVERY, todayIn, type NotificationDelivery } from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { hourOfJob, scheduleHourly } from '../../lib/jobs/hourly.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { MailService } from '../mail/index.js';
import type { FirmHour, NotificationMailRepository } from './notification-mail.repository.js';
import { recipientScopeOf } from './notification-scope.js';
import { masked } from './notification-texts.js';

/** One person's batch of immediate notifications, at the end of its window. */
export const NOTIFICATION_BATCH_JOB = 'notifications.send-batch';
/** Hourly: the daily digests whose hour has come. */
export const NOTIFICATION_DIGESTS_JOB = 'notifications.send-digests';

const batchPayloadSchema = z.object({
  userId: z.number().int().positive(),
  /** The window's start, an ISO instant: the period of its claim. */
  windowStart: z.iso.datetime(),
});
type BatchPayload = z.infer<typeof batchPayloadSchema>;

type Person = NonNullable<Awaited<ReturnType<NotificationMailRepository['person']>>>;
/** One line of a notification e-mail: what the bell shows, nothing more. */
type MailItem = Pick<
  Awaited<ReturnType<NotificationMailRepository['pending']>>[number],
  'title' | 'clientName' | 'link'
>;

/** Starts the hourly chain (at a server's start): its first run at the start of the next hour. */
export async function scheduleNotificationDigests(queue: JobQueue, now = new Date()): Promise<void> {
  await scheduleHourly(queue, NOTIFICATION_DIGESTS_JOB, { now });
}

export type NotificationMailService = ReturnType<typeof createNotificationMailService>;

/**
 * Notification e-mail (issue 22 items 3 and 5; docs/notifications.md#e-mail). A person's
 * "immediately" notifications go out as one e-mail per batching window; their "dailyDigest" ones in
 * one e-mail a firm day at their digest hour. Each e-mail is one transaction: its claim row in
 * notification_mails, the message in the outbox (which delivers it) and `emailed_at` on exactly the
 * notifications it lists, so a job run twice, two runs at once, two workers or a crash send nothing
 * twice and lose nothing.
 */
export function createNotificationMailService({
  db,
  repository,
  mail,
  queue,
  batchMinutes,
  timeZone,
  logger,
  now = () => new Date(),
}: {
  db: Db;
  repository: NotificationMailRepository;
  mail: Pick<MailService, 'queue'>;
  queue: JobQueue;
  /** The batching window (config NOTIFICATION_EMAIL_BATCH_MINUTES). */
  batchMinutes: number;
  /** The firm's IANA zone: digest hours and days are on its clock. */
  timeZone: (tx?: DbOrTx) => Promise<string>;
  /** Where a person's failed digest is told of, by their id alone. */
  logger: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
}) {
  const windowMs = batchMinutes * 60 * 1000;

  /** Windows are fixed slots of the clock (10:00, 10:10, ... for 10 minutes). */
  function windowStartOf(at: Date): Date {
    return new Date(Math.floor(at.getTime() / windowMs) * windowMs);
  }

  /**
   * Queues, in the transaction that made the people's new immediate notifications, one batch job
   * each for the end of the current window (one job per person and window, whatever the number of
   * notifications). Under the person's lock, so a batch being sent meanwhile either sees the new
   * notification or has committed its claim: then the notification goes to the next window's batch.
   */
  async function queueBatches(userIds: readonly number[], tx: DbOrTx): Promise<void> {
    const at = now();
    // Ascending, like every other transaction taking several of these locks: no deadlock.
    for (const userId of [...new Set(userIds)].sort((a, b) => a - b)) {
      await repository.lockImmediate(userId, tx);
      let start = windowStartOf(at);
      // This window's batch went already (a transaction that began before the window ended, or a
      // worker's clock ahead of ours): the notification goes with the next one.
      const latest = await repository.latestBatch(userId, tx);
      if (latest !== null && latest >= start.toISOString()) start = new Date(Date.parse(latest) + windowMs);
      const payload: BatchPayload = { userId, windowStart: start.toISOString() };
      await queue.enqueue(NOTIFICATION_BATCH_JOB, payload, {
        tx,
        runAt: new Date(start.getTime() + windowMs),
        dedupeKey: `${NOTIFICATION_BATCH_JOB}:${userId}:${payload.windowStart}`,
      });
    }
  }

  /**
   * The e-mail of a claim: unless the person may get none (inactive, no address), what waits for
   * them by `delivery` and they may still see goes out in one message (`queueMail`), marked e-mailed
   * and recorded on the claim, all in `tx`. False when nothing was sent; the claim stays without a
   * mail then.
   */
  async function mailClaimed(
    claim: number,
    person: Person,
    pending: { delivery: Exclude<NotificationDelivery, 'inAppOnly'>; before: FirmHour | null },
    queueMail: (items: MailItem[]) => Promise<number>,
    tx: DbOrTx,
  ): Promise<boolean> {
    if (!person.isActive || person.emailAddress.trim() === '') return false;
    const rows = await repository.pending(recipientScopeOf(person), pending.delivery, pending.before, tx);
    if (rows.length === 0) return false;
    const mailId = await queueMail(rows.map(({ title, clientName, link }) => ({ title, clientName, link })));
    await repository.markEmailed(
      rows.map((row) => row.id),
      now(),
      tx,
    );
    await repository.setClaimMail(claim, mailId, tx);
    return true;
  }

  /**
   * The batch job: in one transaction under the person's lock, claims (person, 'batch', window)
   * and, unless it was claimed before, e-mails every immediate notification of theirs not yet
   * e-mailed that they may still see (made in this window, or earlier if a batch fell behind).
   */
  async function sendBatch(payload: unknown): Promise<boolean> {
    const { userId, windowStart } = batchPayloadSchema.parse(payload);
    return db.transaction(async (tx) => {
      await repository.lockImmediate(userId, tx);
      const claim = await repository.claim(userId, 'batch', windowStart, tx);
      if (claim === null) return false;
      const person = await repository.person(userId, tx);
      if (!person) return false;
      return mailClaimed(
        claim,
        person,
        { delivery: NOTIFICATION_DELIVERY.immediately, before: null },
        (items) => mail.queue('notificationBatch', person.emailAddress, { firstName: person.firstName, items }, tx),
        tx,
      );
    });
  }

  /**
   * One person's digest of a firm day, in one transaction: claims (person, 'digest', day) once
   * their hour has come and e-mails what was made before that hour and not yet e-mailed.
   */
  async function sendDigest(userId: number, at: FirmHour): Promise<boolean> {
    return db.transaction(async (tx) => {
      const person = await repository.person(userId, tx);
      // Their hour moved later since the list was read: not yet.
      if (!person || person.digestHour > at.hour) return false;
      const claim = await repository.claim(userId, 'digest', at.day, tx);
      if (claim === null) return false;
      const before = { zone: at.zone, day: at.day, hour: person.digestHour };
      return mailClaimed(
        claim,
        person,
        { delivery: NOTIFICATION_DELIVERY.dailyDigest, before },
        (items) =>
          mail.queue(
            'notificationDigest',
            person.emailAddress,
            { firstName: person.firstName, date: at.day, items },
            tx,
          ),
        tx,
      );
    });
  }

  /**
   * The digests job (NOTIFICATION_DIGESTS_JOB), hourly: everyone whose digest hour has come on the
   * firm's clock today and whose digest of today is not sent gets it, so a run missed (a worker down
   * at the hour) is caught up by the next one the same day. One person's failure is logged and left
   * to the next run; the others still get theirs. Returns how many were sent.
   */
  async function sendDigests(at: Date = now()): Promise<number> {
    const zone = await timeZone();
    const slot = { zone, day: todayIn(zone, at), hour: hourIn(zone, at) };
    let sent = 0;
    for (const userId of await repository.dueDigests(slot)) {
      try {
        if (await sendDigest(userId, slot)) sent += 1;
      } catch (error) {
        // One person's failure (a template, a row the outbox refuses) must not keep the others from
        // their digest. Their transaction rolled back with its claim, so the next hourly run is their
        // retry and the job need not fail. The error's kind and masked message only: an error about an
        // e-mail may quote its address, a database error's other fields the row's values.
        const err =
          error instanceof Error
            ? { type: error.name, message: masked(error.message) }
            : { type: typeof error, message: masked(String(error)) };
        logger.error({ userId, err }, 'notification digest failed; the next hourly run tries again');
      }
    }
    return sent;
  }

  return {
    queueBatches,
    sendBatch,
    sendDigests,
    /**
     * The hourly chain's handler, given its own job's payload. The next run is queued first, so a
     * failing run never ends the chain, and counted from this run's hour, so a process clock behind
     * the database's cannot queue the hour that is running. The digests are those of the run's hour
     * at least, for the same reason: the hour has come even if this process's clock says not yet.
     */
    async runDigestsJob(payload: unknown): Promise<void> {
      const at = now();
      await scheduleHourly(queue, NOTIFICATION_DIGESTS_JOB, { now: at, after: payload });
      const hour = hourOfJob(payload);
      await sendDigests(hour !== undefined && hour > at ? hour : at);
    },
  };
}
