import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastChosenClients, sessions, users } from '../schema/index.js';
import { seedDemoFirm } from '../seed/demo.js';
import { createClient, createUser } from '../../testing/factories.js';
import { sessionClientOf, signIn } from '../../testing/session.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

const MIGRATION = new URL('../../../drizzle/0042_session_current_client.sql', import.meta.url);

/**
 * The migration's data statements (its backfill); the schema statements already ran when the test
 * database was migrated, and the backfill finds the rows a database of the previous release holds.
 */
function backfillStatements(): string[] {
  return readFileSync(MIGRATION, 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) =>
      statement
        .split('\n')
        .filter((line) => !line.trimStart().startsWith('--'))
        .join('\n')
        .trim(),
    )
    .filter((statement) => /^(INSERT|UPDATE)\b/.test(statement));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoFirm(t.database.db);
});
afterAll(() => t.close());

describe('migration 0042: the current account moves to the session', () => {
  it("copies each user's current client to their last choice and to their sessions still in use", async () => {
    const db = t.database.db;
    expect(backfillStatements()).toHaveLength(2);
    // As the previous release left them: the choice on the users row, sessions without one.
    const chooser = await createUser(db, { role: 'client' });
    const undecided = await createUser(db, { role: 'client' });
    const client = await createClient(db, { ownerUserId: chooser.id });
    await db.update(users).set({ currentClientId: client.id }).where(eq(users.id, chooser.id));
    const session = (userId: number, extra: Partial<typeof sessions.$inferInsert> = {}) => ({
      id: randomUUID(),
      userId,
      expiresAt: new Date(Date.now() + 3_600_000),
      ...extra,
    });
    const live = session(chooser.id);
    const ended = session(chooser.id, { revokedAt: new Date(), revokedReason: 'logout' });
    const expired = session(chooser.id, { expiresAt: new Date(Date.now() - 60_000) });
    const others = session(undecided.id);
    await db.insert(sessions).values([live, ended, expired, others]);

    for (const statement of backfillStatements()) await db.execute(sql.raw(statement));

    const chosen = await db
      .select()
      .from(lastChosenClients)
      .where(inArray(lastChosenClients.userId, [chooser.id, undecided.id]));
    expect(chosen).toEqual([{ userId: chooser.id, clientId: client.id }]);
    const rows = await db
      .select({ id: sessions.id, clientId: sessions.currentClientId })
      .from(sessions)
      .where(inArray(sessions.id, [live.id, ended.id, expired.id, others.id]));
    expect(new Map(rows.map((row) => [row.id, row.clientId]))).toEqual(
      new Map([
        [live.id, client.id],
        [ended.id, null],
        [expired.id, null],
        [others.id, null],
      ]),
    );

    // Run again (a retried start), it changes nothing; the next sign-in starts on the copied choice.
    for (const statement of backfillStatements()) await db.execute(sql.raw(statement));
    expect(await db.select().from(lastChosenClients).where(eq(lastChosenClients.userId, chooser.id))).toHaveLength(1);
    const next = await signIn(t.app, chooser.username, chooser.password);
    expect(await sessionClientOf(db, next)).toBe(client.id);
  });

  it('nulls the choice of every session and last choice when the client is deleted (on delete set null)', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { role: 'client' });
    const client = await createClient(db, { ownerUserId: owner.id });
    await db.insert(lastChosenClients).values({ userId: owner.id, clientId: client.id });
    const signedIn = await signIn(t.app, owner.username, owner.password);
    expect(await sessionClientOf(db, signedIn)).toBe(client.id);

    await db.execute(sql`delete from clients where id = ${client.id}`);

    expect(await sessionClientOf(db, signedIn)).toBeNull();
    const [chosen] = await db.select().from(lastChosenClients).where(eq(lastChosenClients.userId, owner.id));
    expect(chosen?.clientId).toBeNull();
  });
});
