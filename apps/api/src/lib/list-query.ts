import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Case-insensitive "contains" with LIKE wildcards in the user's text taken literally. */
export function containsIgnoreCase(column: AnyColumn | SQL, value: string): SQL {
  const escaped = value.replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`${column} ilike ${`%${escaped}%`}`;
}

/**
 * ORDER BY from the list query's sortedBy/sortedDesc. Only the keys in `sortable` are accepted (any
 * other value falls back to the default), and a unique tie-breaker keeps paging stable.
 */
export function orderByFromQuery(
  sortable: Record<string, AnyColumn | SQL>,
  query: { sortedBy?: string; sortedDesc?: boolean },
  fallback: { key: string; desc?: boolean },
  tieBreaker: AnyColumn,
): SQL[] {
  const key = query.sortedBy && query.sortedBy in sortable ? query.sortedBy : fallback.key;
  const descending = query.sortedBy && query.sortedBy in sortable ? Boolean(query.sortedDesc) : Boolean(fallback.desc);
  const column = sortable[key]!;
  return [descending ? desc(column) : asc(column), asc(tieBreaker)];
}
