import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { jobs } from '../db/schema/index.js';
import { createJobQueue } from '../lib/jobs/job-queue.js';
import { RECONCILE_ORPHANS_JOB } from '../modules/documents/blob-jobs.js';
import { MAIL_MAINTENANCE_JOB, scheduleMailMaintenance } from '../modules/mail/mail-maintenance.js';
import { SEND_REQUEST_REMINDERS_JOB } from '../modules/requests/request-reminders.service.js';
import { ENCRYPT_SUBJECTS_JOB } from '../modules/messages/subject-encryption.js';
import { RUN_REQUEST_SCHEDULES_JOB } from '../modules/requests/request-schedules.service.js';
import { SEND_QUESTION_REMINDERS_JOB } from '../modules/transaction-questions/transaction-question-reminders.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/*
 * The hourly chains (lib/jobs/hourly.ts) as the app registers them: each run queues the hour after
 * its own job's hour, not the hour after this process's clock, so a process whose clock is behind the
 * database's cannot name the hour that is running and stop the chain. The runs below carry an hour
 * three hours ahead of every clock here: a handler that counted from its clock would queue a
 * different hour.
 */

const HOUR_MS = 3600_000;
const CHAINS = [
  SEND_REQUEST_REMINDERS_JOB,
  RUN_REQUEST_SCHEDULES_JOB,
  MAIL_MAINTENANCE_JOB,
  RECONCILE_ORPHANS_JOB,
  SEND_QUESTION_REMINDERS_JOB,
  ENCRYPT_SUBJECTS_JOB,
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(jobs);
});

/** The start of the hour on the database's clock, which jobs fall due by. */
async function databaseHour(): Promise<Date> {
  const result = (await t.database.db.execute(
    sql`select (extract(epoch from date_trunc('hour', now())) * 1000)::float8 as ms`,
  )) as unknown as { rows: Array<{ ms: number }> };
  return new Date(Number(result.rows[0]!.ms));
}

async function pending(type: string) {
  return t.database.db
    .select({ payload: jobs.payload, dedupeKey: jobs.dedupeKey, runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.type, type), eq(jobs.status, 'pending')));
}

describe('hourly chains', () => {
  it.each(CHAINS)('%s: a run queues the hour after its own', async (type) => {
    const running = new Date((await databaseHour()).getTime() + 3 * HOUR_MS);
    // Due now on the database's clock, queued for an hour the process has not reached.
    await createJobQueue({ db: t.database.db }).enqueue(type, { hour: running.toISOString() });
    expect(await t.app.worker.drain()).toBeGreaterThanOrEqual(1);

    const next = new Date(running.getTime() + HOUR_MS).toISOString();
    expect(await pending(type)).toEqual([
      { payload: { hour: next }, dedupeKey: `${type}:${next}`, runAt: new Date(next) },
    ]);
  });

  it("mail maintenance's start-up run takes no hour's place: the hour's run is still queued after it", async () => {
    const queue = createJobQueue({ db: t.database.db });
    await scheduleMailMaintenance(queue, { immediately: true });
    await scheduleMailMaintenance(queue);
    const queued = await pending(MAIL_MAINTENANCE_JOB);
    expect(queued).toHaveLength(2);
    expect(queued.filter((job) => job.dedupeKey!.startsWith(`${MAIL_MAINTENANCE_JOB}:start:`))).toHaveLength(1);
    await t.app.worker.drain();
    // The start-up run asked for the hour already queued: still one job for it.
    expect(await pending(MAIL_MAINTENANCE_JOB)).toHaveLength(1);
  });
});
