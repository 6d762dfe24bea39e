import type { FastifyBaseLogger } from 'fastify';
import { HEARTBEAT_SECONDS, type ClaimedJob, type JobQueue } from './job-queue.js';

export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<void>;

export interface Worker {
  /** Runs due jobs until none is left; returns how many ran. Tests call this directly. */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Polls the jobs table. Handlers must be idempotent: a job can run again after a crash between
 * the work and its completion mark. Jobs this worker has claimed and not finished keep their lease
 * through a heartbeat; once the process dies the lease lapses and any worker runs them again.
 * A database outage never stops the worker: a failed poll is logged and the next one tries again.
 */
export function createWorker({
  queue,
  handlers,
  logger,
  pollMs = 1000,
  batchSize = 10,
}: {
  queue: JobQueue;
  handlers: Record<string, JobHandler>;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  pollMs?: number;
  batchSize?: number;
}): Worker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  /** Set by stop(): the job in hand finishes, nothing new starts. */
  let stopping = false;
  /** Claimed and not yet finished: their lease is renewed until they are. */
  const held = new Set<number>();
  let heartbeat: NodeJS.Timeout | undefined;

  const renewLeases = () => {
    if (held.size === 0) return;
    queue
      .heartbeat([...held])
      // The database may be down; the lease is renewed on the next beat, or lapses as it should.
      .catch((error: unknown) => logger.warn({ err: error }, 'job lease renewal failed'));
  };

  async function runJob(job: ClaimedJob) {
    const handler = handlers[job.type];
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(job.payload, job);
      await queue.complete(job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await queue.fail(job, message);
      const log = outcome === 'failed' ? logger.error.bind(logger) : logger.warn.bind(logger);
      log(
        { jobId: job.id, type: job.type, attempts: job.attempts, err: message },
        `job ${outcome === 'failed' ? 'failed for good' : 'will retry'}`,
      );
    }
  }

  async function drain(): Promise<number> {
    let ran = 0;
    await queue.requeueStale();
    for (;;) {
      const claimed = await queue.claim(batchSize);
      if (claimed.length === 0) return ran;
      for (const job of claimed) held.add(job.id);
      try {
        for (const [index, job] of claimed.entries()) {
          if (stopping) {
            // Shutting down: hand the rest back now rather than let their lease lapse.
            await queue.release(claimed.slice(index).map((left) => left.id));
            return ran;
          }
          try {
            await runJob(job);
          } finally {
            held.delete(job.id);
          }
          ran += 1;
        }
      } finally {
        // A failure mid-batch (database gone) leaves the rest claimed: their lease lapses and
        // they run again, here or elsewhere.
        for (const job of claimed) held.delete(job.id);
      }
    }
  }

  const tick = () => {
    if (stopped) return;
    running = drain()
      .catch((error: unknown) => logger.error({ err: error }, 'job worker poll failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };

  return {
    drain,
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      heartbeat = setInterval(renewLeases, HEARTBEAT_SECONDS * 1000);
      heartbeat.unref();
      tick();
    },
    async stop() {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      await running;
      if (heartbeat) clearInterval(heartbeat);
      stopping = false;
    },
  };
}
