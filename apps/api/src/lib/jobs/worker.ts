import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedJob, JobQueue } from './job-queue.js';

export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<void>;

export interface Worker {
  /** Runs due jobs until none is left; returns how many ran. Tests call this directly. */
  drain(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Polls the jobs table. Handlers must be idempotent: a job can run again after a crash between
 * the work and its completion mark.
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
      for (const job of claimed) await runJob(job);
      ran += claimed.length;
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
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
