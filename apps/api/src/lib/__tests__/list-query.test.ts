import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { services } from '../../db/schema/index.js';
import { seedDemoFirm } from '../../db/seed/demo.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { preparedNameOf, runPrepared } from '../list-query.js';

/** ADR 0009: list queries run as named statements, one per shape of query, each built once (issue 26). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

const query = (db: TestApp['database']['db'], name: string) =>
  db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(eq(services.name, name))
    .orderBy(asc(services.id));

describe('runPrepared', () => {
  it('answers what the query answers, for each set of values of one shape', async () => {
    const db = t.database.db;
    for (const name of ['tax', 'bookkeeping', 'no such service', 'tax']) {
      expect(await runPrepared(query(db, name))).toEqual(await query(db, name));
    }
    expect(await runPrepared(query(db, 'tax'))).toHaveLength(1);
  });

  it('names the statement after its text on PostgreSQL, on the connection that ran it', async () => {
    const text = query(t.database.db, 'tax').toSQL().sql;
    await t.database.db.transaction(async (tx) => {
      const rows = await runPrepared(query(tx, 'payroll'));
      expect(rows.map((row) => row.name)).toEqual(['payroll']);
      // PGlite runs every query unnamed (ADR 0002): there is no statement to find.
      if (t.database.kind !== 'postgres') return;
      const statements = (await tx.execute(
        sql`select name, statement from pg_prepared_statements where name = ${preparedNameOf(text)}`,
      )) as unknown as { rows: unknown[] };
      expect(statements.rows).toEqual([{ name: preparedNameOf(text), statement: text }]);
    });
  });
});
