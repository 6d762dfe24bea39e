/** Load generation and measurement: autocannon runs reduced to the figures docs/performance.md reports. */
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

/** A short warm-up (JIT, pool connections, caches), then the measured run. */
export async function measureLoad(options, { duration, warmup }) {
  if (warmup > 0) await runLoad({ ...options, duration: warmup });
  return runLoad({ ...options, duration });
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
