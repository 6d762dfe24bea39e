import type { FieldCrypto } from '../../lib/field-crypto.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { JobHandler } from '../../lib/jobs/worker.js';
import type { MailRepository } from './mail.repository.js';

/**
 * The outbox at rest (docs/mail.md): encrypts any body still in clear (rows written before bodies
 * were encrypted) and erases the bodies of messages delivered more than the retention period ago.
 * Hourly, like the storage reconciler, and once when a server starts.
 */
export const MAIL_MAINTENANCE_JOB = 'mail.protect-bodies';
const EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows encrypted per query, so a large legacy outbox is never loaded whole. */
const ENCRYPT_BATCH = 200;

/**
 * Queues the next run at the start of the next hour (or now, at start-up). The dedupe key names the
 * run's time, so every process asking for the same hour queues it once.
 */
export async function scheduleMailMaintenance(
  queue: JobQueue,
  { now = new Date(), immediately = false }: { now?: Date; immediately?: boolean } = {},
): Promise<void> {
  const runAt = immediately ? now : new Date(Math.floor(now.getTime() / EVERY_MS + 1) * EVERY_MS);
  const key = `${MAIL_MAINTENANCE_JOB}:${immediately ? 'start:' : ''}${runAt.toISOString()}`;
  await queue.enqueue(MAIL_MAINTENANCE_JOB, {}, { runAt, dedupeKey: key });
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

  const run: JobHandler = async () => {
    // The next run is queued first, so a failing run never ends the schedule.
    await scheduleMailMaintenance(queue);
    await encryptClearBodies();
    await eraseExpiredBodies();
  };

  return { encryptClearBodies, eraseExpiredBodies, run };
}
