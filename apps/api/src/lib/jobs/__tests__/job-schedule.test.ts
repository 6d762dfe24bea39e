import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { jobs } from '../../../db/schema/index.js';
import { createTestDatabase } from '../../../testing/test-app.js';
import { scheduleHourly, nextHourlyRun } from '../hourly.js';
import { createJobQueue } from '../job-queue.js';
import { createWorker } from '../worker.js';

/*
 * Delayed jobs (`runAt`): a job is claimed once its instant has come, on the database's clock or on
 * the one a test gives the queue (moved on instead of sleeping).
 */

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());
beforeEach(async () => {
  await database.db.delete(jobs);
});

function workerOn(queue: ReturnType<typeof createJobQueue>, ran: string[]) {
  return createWorker({
    queue,
    logger: silent,
    handlers: { 'test.delayed': async (payload) => void ran.push((payload as { name: string }).name) },
  });
}

describe('delayed jobs', () => {
  it('waits for runAt on the database clock: a job an hour ahead is not claimed, one due now is', async () => {
    const queue = createJobQueue({ db: database.db });
    await queue.enqueue('test.delayed', { name: 'later' }, { runAt: new Date(Date.now() + 3600_000) });
    await queue.enqueue('test.delayed', { name: 'now' });
    const ran: string[] = [];
    expect(await workerOn(queue, ran).drain()).toBe(1);
    expect(ran).toEqual(['now']);
  });

  it('falls due on an injected clock once it reaches runAt, in due order', async () => {
    let at = new Date('2030-05-20T14:00:00Z');
    const queue = createJobQueue({ db: database.db, now: () => at });
    await queue.enqueue('test.delayed', { name: 'at-14:10' }, { runAt: new Date('2030-05-20T14:10:00Z') });
    await queue.enqueue('test.delayed', { name: 'at-14:05' }, { runAt: new Date('2030-05-20T14:05:00Z') });
    // Without runAt: due at the clock's now, not the database's.
    await queue.enqueue('test.delayed', { name: 'queued-at-14:00' });
    const ran: string[] = [];
    const worker = workerOn(queue, ran);
    expect(await worker.drain()).toBe(1);
    at = new Date('2030-05-20T14:09:59Z');
    expect(await worker.drain()).toBe(1);
    at = new Date('2030-05-20T14:10:00Z');
    expect(await worker.drain()).toBe(1);
    expect(ran).toEqual(['queued-at-14:00', 'at-14:05', 'at-14:10']);
    // A worker on the database's clock (years earlier) does not run what the test clock queued.
    await queue.enqueue('test.delayed', { name: 'ahead' }, { runAt: new Date('2030-05-20T15:00:00Z') });
    expect(await workerOn(createJobQueue({ db: database.db }), ran).drain()).toBe(0);
  });

  it('one job per dedupe key, however often it is asked for', async () => {
    const queue = createJobQueue({ db: database.db });
    const runAt = new Date(Date.now() + 600_000);
    for (let n = 0; n < 3; n++) await queue.enqueue('test.delayed', { name: 'once' }, { runAt, dedupeKey: 'k' });
    const rows = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'k'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.runAt.toISOString()).toBe(runAt.toISOString());
  });

  it('retries a failed job after its backoff on the injected clock', async () => {
    let at = new Date('2030-05-20T14:00:00Z');
    const queue = createJobQueue({ db: database.db, now: () => at });
    await queue.enqueue('test.flaky', {});
    let calls = 0;
    const worker = createWorker({
      queue,
      logger: silent,
      handlers: {
        'test.flaky': async () => {
          calls += 1;
          if (calls === 1) throw new Error('not yet');
        },
      },
    });
    await worker.drain();
    expect(calls).toBe(1);
    at = new Date('2030-05-20T14:00:09Z');
    await worker.drain();
    expect(calls).toBe(1);
    at = new Date('2030-05-20T14:00:10Z');
    await worker.drain();
    expect(calls).toBe(2);
    const [row] = await database.db.select().from(jobs);
    expect(row!.status).toBe('done');
  });
});

describe('hourly chains', () => {
  it('a run queues the hour after its own even when the process clock lags the clock jobs fall due by', async () => {
    // Jobs fall due on this clock (the database's, in production) ...
    let dueClock = new Date('2030-05-20T14:00:05Z');
    const queue = createJobQueue({ db: database.db, now: () => dueClock });
    // ... while the process asking for the next hour is a minute behind.
    const processClock = () => new Date(dueClock.getTime() - 60_000);
    const ran: string[] = [];
    const worker = createWorker({
      queue,
      logger: silent,
      handlers: {
        'test.hourly': async (payload) => {
          ran.push((payload as { hour: string }).hour);
          await scheduleHourly(queue, 'test.hourly', { now: processClock(), after: payload });
        },
      },
    });
    await queue.enqueue(
      'test.hourly',
      { hour: '2030-05-20T14:00:00.000Z' },
      { dedupeKey: 'test.hourly:2030-05-20T14:00:00.000Z' },
    );
    expect(await worker.drain()).toBe(1);
    dueClock = new Date('2030-05-20T15:00:01Z');
    expect(await worker.drain()).toBe(1);
    dueClock = new Date('2030-05-20T16:00:01Z');
    expect(await worker.drain()).toBe(1);
    expect(ran).toEqual(['2030-05-20T14:00:00.000Z', '2030-05-20T15:00:00.000Z', '2030-05-20T16:00:00.000Z']);
  });

  it('the next run is the start of the next hour, never the hour of the run asking', () => {
    expect(nextHourlyRun(new Date('2030-05-20T14:59:59Z')).toISOString()).toBe('2030-05-20T15:00:00.000Z');
    expect(nextHourlyRun(new Date('2030-05-20T13:59:00Z'), new Date('2030-05-20T14:00:00Z')).toISOString()).toBe(
      '2030-05-20T15:00:00.000Z',
    );
    expect(nextHourlyRun(new Date('2030-05-20T17:10:00Z'), new Date('2030-05-20T14:00:00Z')).toISOString()).toBe(
      '2030-05-20T18:00:00.000Z',
    );
  });
});
