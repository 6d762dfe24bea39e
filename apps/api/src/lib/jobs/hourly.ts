import { z } from 'zod';
import type { JobQueue } from './job-queue.js';

const HOUR_MS = 60 * 60 * 1000;

/** What an hourly chain's job carries: the hour it was queued for. */
const hourlyPayloadSchema = z.object({ hour: z.iso.datetime() });

/**
 * The start of the hour after `now`, and always later than `after` (the hour of the run that asks).
 * Jobs fall due on the database's clock while `now` is this process's: a process whose clock is
 * behind would otherwise name the hour that is running, its dedupe key would match the job already
 * run, nothing would be queued and the chain would stop.
 */
export function nextHourlyRun(now: Date, after?: Date): Date {
  const fromClock = Math.floor(now.getTime() / HOUR_MS + 1) * HOUR_MS;
  const fromRun = after ? Math.floor(after.getTime() / HOUR_MS + 1) * HOUR_MS : 0;
  return new Date(Math.max(fromClock, fromRun));
}

/** The hour a chain's job was queued for; undefined for a job queued before chains carried it. */
export function hourOfJob(payload: unknown): Date | undefined {
  const parsed = hourlyPayloadSchema.safeParse(payload);
  return parsed.success ? new Date(parsed.data.hour) : undefined;
}

/**
 * Queues the next run of an hourly chain. The dedupe key names the hour, so every process (each
 * start, each run) asking for the same hour queues it once. A run passes its own job's payload as
 * `after`, so the next hour is counted from the run, whatever this process's clock says.
 */
export async function scheduleHourly(
  queue: Pick<JobQueue, 'enqueue'>,
  type: string,
  { now = new Date(), after }: { now?: Date; after?: unknown } = {},
): Promise<Date> {
  const runAt = nextHourlyRun(now, hourOfJob(after));
  await queue.enqueue(type, { hour: runAt.toISOString() }, { runAt, dedupeKey: `${type}:${runAt.toISOString()}` });
  return runAt;
}
