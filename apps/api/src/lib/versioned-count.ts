import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { listVersions } from '../db/schema/index.js';
import { runPrepared, type PreparableQuery } from './list-query.js';

/** Filter combinations whose counts one process keeps per list; the oldest entry goes first. */
export const COUNT_CACHE_ENTRIES = 1000;

/** Whether every table a query's text reads (FROM and JOIN) is one of `tables`. */
function readsOnly(text: string, tables: ReadonlySet<string>): boolean {
  for (const [, table] of text.matchAll(/\b(?:from|join)\s+"([^"]+)"/gi)) if (!tables.has(table!)) return false;
  return true;
}

function selectVersion(db: DbOrTx) {
  return db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(eq(listVersions.name, sql.placeholder('name')));
}

/** A count query as the lists build it: one row with `n`, its text and parameters known. */
export interface CountQuery extends PreparableQuery<Array<{ n: number }>> {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * Exact list counts kept under a list version (ADR 0009). The database moves the row `list` of
 * `list_versions` in the same transaction as any change to `tables` that a count may see (statement
 * triggers: migrations 0025 and 0045), in whichever process, job or plain SQL made it. A count is
 * kept per query text and parameters under the version read just before counting, and reused while
 * that version is still the committed one, so it is never stale; a repeated filter then costs a
 * primary-key read instead of counting thousands of index entries.
 *
 * A count whose query reads any other table (a client user's scope reads clients and collaborators,
 * whose changes do not move the version), or that runs inside a transaction, is always made afresh.
 */
export function createVersionedCount(db: DbOrTx, list: string, tables: ReadonlySet<string>) {
  const cache = new Map<string, { version: number; count: number }>();
  let versionStatement: ReturnType<ReturnType<typeof selectVersion>['prepare']> | undefined;

  return async function count(query: CountQuery, tx: DbOrTx = db): Promise<number> {
    const exact = async () => (await runPrepared(query))[0]?.n ?? 0;
    const { sql: text, params } = query.toSQL();
    if (tx !== db || !readsOnly(text, tables)) return exact();
    // Read before counting, so the count is at least as new as the version it is kept under.
    versionStatement ??= selectVersion(db).prepare(`list_version_${list.replace(/\W/g, '_')}`);
    const [row] = await versionStatement.execute({ name: list });
    if (!row) return exact();
    const key = `${text}\n${JSON.stringify(params)}`;
    const cached = cache.get(key);
    if (cached?.version === row.version) return cached.count;
    const n = await exact();
    if (!cached || cached.version < row.version) {
      cache.delete(key);
      cache.set(key, { version: row.version, count: n });
      if (cache.size > COUNT_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    }
    return n;
  };
}
