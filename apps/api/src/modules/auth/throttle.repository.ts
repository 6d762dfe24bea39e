import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authThrottle } from '../../db/schema/index.js';

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;

/** Fixed-window failure counters: the window starts at the first failure and lasts windowSeconds. */
export function createThrottleRepository({ db }: { db: DbOrTx }) {
  return {
    /** Seconds until the key may try again, or 0 when it is under its limit. */
    async retryAfterSeconds(key: string, maxFailures: number, windowSeconds: number): Promise<number> {
      const [row] = await db
        .select({
          failures: authThrottle.failures,
          remaining: sql<number>`ceil(extract(epoch from (${authThrottle.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now())))::int`,
        })
        .from(authThrottle)
        .where(eq(authThrottle.key, key))
        .limit(1);
      if (!row || row.remaining <= 0 || row.failures < maxFailures) return 0;
      return row.remaining;
    },

    async recordFailure(key: string, windowSeconds: number): Promise<void> {
      const expired = sql`${authThrottle.windowStartedAt} + make_interval(secs => ${windowSeconds}) <= now()`;
      await db
        .insert(authThrottle)
        .values({ key, failures: 1, windowStartedAt: sql`now()` })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${expired} then now() else ${authThrottle.windowStartedAt} end`,
          },
        });
    },

    async clear(key: string): Promise<void> {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },
  };
}
