import type { JobQueue } from '../../lib/jobs/job-queue.js';

/**
 * Conversations started before subjects were encrypted (migration 0037) keep theirs in clear until
 * this job moves them into the encrypted column; reads take either meanwhile. Queued whenever a
 * server starts; a row is replaced only while its clear subject is the one read, so two servers
 * starting together cannot clash, and once nothing is left in clear a run reads one empty page.
 */
export const ENCRYPT_SUBJECTS_JOB = 'messages.encrypt-subjects';

export async function scheduleSubjectEncryption(queue: JobQueue, now = new Date()): Promise<void> {
  await queue.enqueue(
    ENCRYPT_SUBJECTS_JOB,
    {},
    { runAt: now, dedupeKey: `${ENCRYPT_SUBJECTS_JOB}:${now.toISOString()}` },
  );
}
