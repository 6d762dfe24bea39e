import { scheduleHourly } from '../../lib/jobs/hourly.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';

/**
 * Conversations started before subjects were encrypted (migration 0037), or by a process of the
 * previous version during a rolling deploy, keep their subject in clear until this job moves it into
 * the encrypted column; reads take either meanwhile. Hourly (lib/jobs/hourly.ts), and once when a
 * server starts; a row is replaced only while its clear subject is the one read, so two runs cannot
 * clash, and once nothing is left in clear a run reads one empty page.
 */
export const ENCRYPT_SUBJECTS_JOB = 'messages.encrypt-subjects';

export async function scheduleSubjectEncryption(
  queue: Pick<JobQueue, 'enqueue'>,
  { now = new Date(), immediately = false, after }: { now?: Date; immediately?: boolean; after?: unknown } = {},
): Promise<void> {
  if (!immediately) {
    await scheduleHourly(queue, ENCRYPT_SUBJECTS_JOB, { now, after });
    return;
  }
  await queue.enqueue(
    ENCRYPT_SUBJECTS_JOB,
    {},
    { runAt: now, dedupeKey: `${ENCRYPT_SUBJECTS_JOB}:start:${now.toISOString()}` },
  );
}
