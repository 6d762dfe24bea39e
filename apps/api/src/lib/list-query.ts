import { createHash } from 'node:crypto';
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Case-insensitive "contains" with LIKE wildcards in the user's text taken literally. */
export function containsIgnoreCase(column: AnyColumn | SQL, value: string): SQL {
  const escaped = value.replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`${column} ilike ${`%${escaped}%`}`;
}

/**
 * A phone filter: numbers are stored as digits ("5552223333") and typed with any punctuation
 * ("222-33", "(555) 222"), so the digits are compared. A filter with no digit compares the text.
 */
export function phoneContains(column: AnyColumn | SQL, value: string): SQL {
  const digits = value.replace(/\D/g, '');
  if (digits === '') return containsIgnoreCase(column, value);
  return sql`regexp_replace(${column}, '[^0-9]', '', 'g') like ${`%${digits}%`}`;
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
  const key = query.sortedBy && Object.hasOwn(sortable, query.sortedBy) ? query.sortedBy : fallback.key;
  const descending =
    query.sortedBy && Object.hasOwn(sortable, query.sortedBy) ? Boolean(query.sortedDesc) : Boolean(fallback.desc);
  const column = sortable[key]!;
  return [descending ? desc(column) : asc(column), asc(tieBreaker)];
}

/**
 * Newest first as the schema's descending indexes store it. Drizzle writes an index's `.desc()` as
 * DESC NULLS LAST, while a plain ORDER BY ... DESC means NULLS FIRST: PostgreSQL cannot read such an
 * order off that index (it does not use NOT NULL to relax it) and sorts every matching row before the
 * LIMIT instead. Measured on the large firm's inbox: 29 ms against 0.1 ms for the same page (issue 26).
 */
export function newestFirst(...columns: Array<AnyColumn | SQL>): SQL[] {
  return columns.map((column) => sql`${column} desc nulls last`);
}

/** What `runPrepared` needs of a Drizzle query: its text, and preparing it under a name. */
export interface PreparableQuery<T> extends PromiseLike<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/**
 * What Drizzle's prepared queries carry (drizzle-orm 0.45, node-postgres and PGlite): the built text,
 * and the pg query configs whose `name` makes the statement a named one.
 */
interface BuiltQuery<T> {
  execute(): Promise<T>;
  queryString?: string;
  rawQueryConfig?: { name?: string };
  queryConfig?: { name?: string };
}

/**
 * Distinct statement names one process hands out. Each pooled PostgreSQL connection keeps the
 * statements it has run until it closes, so the number of shapes (filter and sort combinations)
 * is capped; past it a query runs unnamed, as every query did before (ADR 0009).
 */
export const MAX_PREPARED_SHAPES = 256;
const preparedShapes = new Set<string>();

/** The statement name for a query's text: its shape, the values being parameters. */
export function preparedNameOf(text: string): string {
  return `lp_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * Runs a query whose text depends on its filters as a named prepared statement, named after a hash
 * of that text (the values stay parameters): the same shape of query reuses one statement per
 * pooled connection, so PostgreSQL parses it once and can keep its plan instead of planning it on
 * every request. On PGlite the name is ignored and the query runs as usual.
 *
 * The query is built once: Drizzle's `prepare` builds the text, which names the statement afterwards.
 * Asking `toSQL()` for the name first built it twice, a fifth of the API's CPU on the received list
 * (issue 26); a driver whose prepared query does not expose its text gets the earlier way.
 */
export function runPrepared<T>(query: PreparableQuery<T>): Promise<T> {
  const built = query.prepare('') as BuiltQuery<T>;
  const text = built.queryString;
  if (text === undefined || (built.rawQueryConfig === undefined && built.queryConfig === undefined)) {
    const name = preparedNameOf(query.toSQL().sql);
    if (!claimShape(name)) return Promise.resolve(query);
    return query.prepare(name).execute();
  }
  const name = preparedNameOf(text);
  if (claimShape(name)) {
    if (built.rawQueryConfig) built.rawQueryConfig.name = name;
    if (built.queryConfig) built.queryConfig.name = name;
  }
  return built.execute();
}

/** Whether a shape may run under its name: known already, or one more within the cap. */
function claimShape(name: string): boolean {
  if (preparedShapes.has(name)) return true;
  if (preparedShapes.size >= MAX_PREPARED_SHAPES) return false;
  preparedShapes.add(name);
  return true;
}
