import type { FieldCrypto } from '../../lib/field-crypto.js';
import { scheduleHourly } from '../../lib/jobs/hourly.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { JobHandler } from '../../lib/jobs/worker.js';
import type { MailRepository } from './mail.repository.js';

/**
 * The outbox at rest (docs/mail.md): encrypts any body still in clear (rows written before bodies
 * were encrypted) and erases the bodies of messages delivered more than the retention period ago.
 * Hourly, like the storage reconciler, and once when a server starts.
 */
export const MAIL_MAINTENANCE_JOB = 'mail.protect-bodies';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows encrypted per query, so a large legacy outbox is never loaded whole. */
const ENCRYPT_BATCH = 200;

/**
 * Queues the next hourly run (lib/jobs/hourly.ts; a run passes its own job's payload as `after`), or
 * one now at start-up under a key of its own, so it never takes the place of an hour's run.
 */
export async function scheduleMailMaintenance(
  queue: JobQueue,
  { now = new Date(), immediately = false, after }: { now?: Date; immediately?: boolean; after?: unknown } = {},
): Promise<void> {
  if (!immediately) {
    await scheduleHourly(queue, MAIL_MAINTENANCE_JOB, { now, after });
    return;
  }
  await queue.enqueue(
    MAIL_MAINTENANCE_JOB,
    {},
    { runAt: now, dedupeKey: `${MAIL_MAINTENANCE_JOB}:start:${now.toISOString()}` },
  );
}

export function createMailMaintenance({
  repository,
  fieldCrypto,
  queue,
  retentionDays,
}: {
  repository: MailRepository;
  fieldCrypto: FieldCrypto;
  queue: JobQueue;
  retentionDays: number;
}) {
  /** Encrypts every body still in clear; returns how many messages it encrypted. */
  async function encryptClearBodies(): Promise<number> {
    let encrypted = 0;
    // Walks forward by id, so a row that cannot be replaced is never read twice.
    for (let afterId = 0; ;) {
      const batch = await repository.findClearBodies(afterId, ENCRYPT_BATCH);
      for (const row of batch) {
        afterId = row.id;
        const clear = { html: row.html!, text: row.text ?? '' };
        await repository.replaceClearBody(row.id, clear, {
          html: fieldCrypto.encrypt(clear.html),
          text: fieldCrypto.encrypt(clear.text),
        });
      }
      encrypted += batch.length;
      if (batch.length < ENCRYPT_BATCH) return encrypted;
    }
  }

  /** Erases bodies of messages delivered before `now` minus the retention period; returns how many. */
  function eraseExpiredBodies(now = new Date()): Promise<number> {
    return repository.eraseDeliveredBodies(new Date(now.getTime() - retentionDays * DAY_MS));
  }

  const run: JobHandler = async (payload) => {
    // The next run is queued first, so a failing run never ends the schedule.
    await scheduleMailMaintenance(queue, { after: payload });
    await encryptClearBodies();
    await eraseExpiredBodies();
  };

  return { encryptClearBodies, eraseExpiredBodies, run };
}
