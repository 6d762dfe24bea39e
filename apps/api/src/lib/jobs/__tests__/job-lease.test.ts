import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { jobs } from '../../../db/schema/index.js';
import { createTestDatabase } from '../../../testing/test-app.js';
import { createJobQueue, STALE_AFTER_SECONDS, type JobQueue } from '../job-queue.js';
import { createWorker } from '../worker.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let database: Database;
let drop: () => Promise<void>;
let queue: JobQueue;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  queue = createJobQueue({ db: database.db });
});
afterAll(() => drop());
beforeEach(async () => {
  await database.db.delete(jobs);
});

async function jobNamed(name: string) {
  const [row] = await database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.payload}->>'name' = ${name}`);
  return row!;
}

/** A job a worker claimed `secondsAgo` and never finished or renewed. */
async function claimedAgo(name: string, secondsAgo: number) {
  await queue.enqueue('test.lease', { name });
  await database.db
    .update(jobs)
    .set({ status: 'running', attempts: 1, lockedAt: sql`now() - make_interval(secs => ${secondsAgo})` })
    .where(sql`${jobs.payload}->>'name' = ${name}`);
}

describe('job leases', () => {
  it('runs again a job whose worker stopped renewing its lease, and leaves a renewed one alone', async () => {
    await claimedAgo('dead-worker', STALE_AFTER_SECONDS + 5);
    await claimedAgo('live-worker', STALE_AFTER_SECONDS - 10);
    const ran: string[] = [];
    const worker = createWorker({
      queue,
      logger: silent,
      handlers: { 'test.lease': async (payload) => void ran.push((payload as { name: string }).name) },
    });
    expect(await worker.drain()).toBe(1);
    expect(ran).toEqual(['dead-worker']);
    expect((await jobNamed('dead-worker')).status).toBe('done');
    expect((await jobNamed('live-worker')).status).toBe('running');
  });

  it('renews the lease of the jobs a worker holds', async () => {
    await claimedAgo('held', STALE_AFTER_SECONDS + 5);
    const { id } = await jobNamed('held');
    await queue.heartbeat([id]);
    expect(await queue.requeueStale()).toBe(0);
    const renewed = await jobNamed('held');
    expect(renewed.lockedAt!.getTime()).toBeGreaterThan(Date.now() - 5_000);
  });

  it('on stop, finishes the job in hand and hands the rest of its batch back unclaimed', async () => {
    for (const name of ['first', 'second', 'third']) await queue.enqueue('test.lease', { name });
    const ran: string[] = [];
    let stopping: Promise<void> | undefined;
    const worker = createWorker({
      queue,
      logger: silent,
      batchSize: 3,
      handlers: {
        'test.lease': async (payload) => {
          ran.push((payload as { name: string }).name);
          // SIGTERM arrives while the first job of the batch runs.
          stopping ??= worker.stop();
        },
      },
    });
    worker.start();
    await new Promise<void>((resolve) => {
      const wait = () => (stopping ? resolve() : setTimeout(wait, 10));
      wait();
    });
    await stopping;
    expect(ran).toEqual(['first']);
    expect((await jobNamed('first')).status).toBe('done');
    for (const name of ['second', 'third']) {
      const row = await jobNamed(name);
      expect({ status: row.status, attempts: row.attempts, lockedAt: row.lockedAt }).toEqual({
        status: 'pending',
        attempts: 0,
        lockedAt: null,
      });
    }
    // Nothing of the batch was lost: the next worker runs the rest.
    await database.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.status, 'pending'));
    await worker.drain();
    expect(ran).toEqual(['first', 'second', 'third']);
  });
});
