import type { SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';

/** Raw SQL rows through Drizzle (its result type is the driver's, unknown to the shared Db type). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
