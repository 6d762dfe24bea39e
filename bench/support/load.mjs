/** Load generation and measurement: autocannon runs reduced to the figures docs/performance.md reports. */
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { rssBytes } from './processes.mjs';

const MB = 1024 * 1024;

/** autocannon with its result reduced to req/s, p50, p99 and the error counts. */
export function runLoad(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      resolve({
        // Slow scenarios (an export) finish a few requests in the whole run: a per-second average rounds to 0.
        reqPerSec:
          result.requests.average >= 10
            ? Math.round(result.requests.average)
            : +(result.requests.total / Math.max(result.duration, 0.001)).toFixed(2),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        requests: result.requests.total,
      });
    });
  });
}

/** Clock ticks a second (`getconf CLK_TCK`: 100 on Linux) for /proc's CPU times. */
const TICK_MS = 10;

/** User and system CPU time a process has used, in ms (/proc/PID/stat fields 14 and 15); 0 once it is gone. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Every PostgreSQL server process on the machine (its backends, writer, WAL): the database's share of the CPU. */
function postgresPids() {
  return readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      return readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres';
    } catch {
      return false;
    }
  });
}

/**
 * Where the CPU of a measured run went, per request: the API processes (`apiPids`), PostgreSQL (every
 * postgres process: a database on this machine alone), and the load generator (this process). The
 * lists' budget is throughput on two shared cores, so this is the cost each side must lose.
 */
function cpuSampler(apiPids) {
  const pgPids = postgresPids();
  const snapshot = (pids) => new Map(pids.map((pid) => [pid, cpuMs(pid)]));
  // A process that ended during the run (a backend closing) counts nothing rather than minus its past.
  const spent = (before) =>
    [...before].reduce((total, [pid, ms]) => {
      const now = cpuMs(pid);
      return now > 0 ? total + now - ms : total;
    }, 0);
  const before = { api: snapshot(apiPids), postgres: snapshot(pgPids), load: process.cpuUsage() };
  return (requests) => {
    const load = process.cpuUsage(before.load);
    const per = (ms) => +(ms / Math.max(requests, 1)).toFixed(3);
    return {
      apiMs: per(spent(before.api)),
      postgresMs: per(spent(before.postgres)),
      loadGeneratorMs: per((load.user + load.system) / 1000),
    };
  };
}

/**
 * A short warm-up (JIT, pool connections, caches), then the measured run; with `cpuOf` (the API's
 * process ids) the measured run's line also says how much CPU each side spent per request.
 */
export async function measureLoad(options, { duration, warmup, cpuOf }) {
  if (warmup > 0) await runLoad({ ...options, duration: warmup });
  const cpu = cpuOf ? cpuSampler(cpuOf) : undefined;
  const result = await runLoad({ ...options, duration });
  return cpu ? { ...result, cpuPerRequest: cpu(result.requests) } : result;
}

/** Samples a process's RSS every 50 ms while `work` runs: before, peak and after, in MB. */
export async function withRss(pid, work) {
  const before = rssBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
    } catch {
      // The process ended; the run will report it.
    }
  }, 50);
  try {
    const result = await work();
    const after = rssBytes(pid);
    return {
      result,
      rss: {
        beforeMB: +(before / MB).toFixed(1),
        peakMB: +(Math.max(peak, after) / MB).toFixed(1),
        afterMB: +(after / MB).toFixed(1),
        growthMB: +((Math.max(peak, after) - before) / MB).toFixed(1),
      },
    };
  } finally {
    clearInterval(sampler);
  }
}
