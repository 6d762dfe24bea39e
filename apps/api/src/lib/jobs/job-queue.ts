import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';

export interface EnqueueOptions {
  /** Run in this transaction, so the job exists exactly when the change that caused it commits. */
  tx?: DbOrTx;
  /** Not before this instant (a batching window's end, the next hour); now when left out. */
  runAt?: Date;
  maxAttempts?: number;
  dedupeKey?: string;
}

export interface ClaimedJob {
  id: number;
  type: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export type JobQueue = ReturnType<typeof createJobQueue>;

/** Exponential backoff: 10 s, 20 s, 40 s ... capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

/**
 * A running job's lease: its worker renews `locked_at` every HEARTBEAT_SECONDS while it holds the
 * job, so a job not renewed for this long belongs to a dead process (kill -9, lost machine) and is
 * run again. Short, so a crashed worker's jobs resume within 20 s, as soon as any worker polls.
 */
export const STALE_AFTER_SECONDS = 20;
export const HEARTBEAT_SECONDS = 5;

export function createJobQueue({
  db,
  now,
}: {
  db: DbOrTx;
  /**
   * The clock jobs fall due by: the database's (`now()`) unless given. Tests of scheduled work (a
   * batch at the end of its window, an hourly run) pass theirs and move it on instead of sleeping.
   * Leases always run on the database's clock: they measure real time a worker has been silent.
   */
  now?: () => Date;
}) {
  const current = () => (now ? now() : sql`now()`);
  return {
    async enqueue(type: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
      const tx = options.tx ?? db;
      await tx
        .insert(jobs)
        .values({
          type,
          payload,
          runAt: options.runAt ?? current(),
          maxAttempts: options.maxAttempts ?? 8,
          dedupeKey: options.dedupeKey ?? null,
        })
        .onConflictDoNothing();
    },

    /** Claims up to `limit` due jobs; concurrent workers never claim the same one. */
    async claim(limit: number): Promise<ClaimedJob[]> {
      const due = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, current())))
        .orderBy(jobs.runAt, jobs.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(jobs)
        .set({ status: 'running', lockedAt: sql`now()`, attempts: sql`${jobs.attempts} + 1` })
        .where(sql`${jobs.id} in ${due}`)
        .returning({
          id: jobs.id,
          type: jobs.type,
          payload: jobs.payload,
          attempts: jobs.attempts,
          maxAttempts: jobs.maxAttempts,
          runAt: jobs.runAt,
        });
      // RETURNING keeps no order (PostgreSQL returns rows as it updates them): run them in due order.
      return claimed
        .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id)
        .map(({ runAt: _runAt, ...job }) => job);
    },

    async complete(id: number): Promise<void> {
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: sql`now()`, lastError: null })
        .where(eq(jobs.id, id));
    },

    async fail(job: ClaimedJob, error: string): Promise<'retry' | 'failed'> {
      const final = job.attempts >= job.maxAttempts;
      await db
        .update(jobs)
        .set(
          final
            ? { status: 'failed', finishedAt: sql`now()`, lastError: error.slice(0, 2000) }
            : {
                status: 'pending',
                lockedAt: null,
                lastError: error.slice(0, 2000),
                runAt: now
                  ? new Date(now().getTime() + backoffSeconds(job.attempts) * 1000)
                  : sql`now() + make_interval(secs => ${backoffSeconds(job.attempts)})`,
              },
        )
        .where(eq(jobs.id, job.id));
      return final ? 'failed' : 'retry';
    },

    /** Renews the lease of jobs this worker still holds (see STALE_AFTER_SECONDS). */
    async heartbeat(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(jobs)
        .set({ lockedAt: sql`now()` })
        .where(and(eq(jobs.status, 'running'), inArray(jobs.id, ids)));
    },

    /** Hands claimed jobs that never started back to the queue, as if never claimed. */
    async release(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(jobs)
        .set({ status: 'pending', lockedAt: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
        .where(and(eq(jobs.status, 'running'), inArray(jobs.id, ids)));
    },

    /** Puts jobs of crashed workers back in the queue. */
    async requeueStale(): Promise<number> {
      const rows = await db
        .update(jobs)
        .set({ status: 'pending', lockedAt: null })
        .where(
          and(
            eq(jobs.status, 'running'),
            lt(jobs.lockedAt, sql`now() - make_interval(secs => ${STALE_AFTER_SECONDS})`),
          ),
        )
        .returning({ id: jobs.id });
      return rows.length;
    },
  };
}
