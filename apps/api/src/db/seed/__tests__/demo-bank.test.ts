import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankAccounts, bankInstitutions, bankTransactions, clients, notifications, users } from '../../schema/index.js';
import { createTestApp, type TestApp } from '../../../testing/test-app.js';
import { seedDemoFirm } from '../demo.js';
import { seedDemoBank } from '../demo-bank.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_IP: '1000' });
  await seedDemoFirm(t.database.db);
  await seedDemoBank(t.app, t.database.db);
});
afterAll(() => t.close());

describe('the demo bank feed', () => {
  it('links a checking account with its history and a card whose connection needs the client, who is told', async () => {
    const db = t.database.db;
    const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.name, 'Batch1 Group1 LLC'));
    const institutions = await db
      .select({ id: bankInstitutions.id, name: bankInstitutions.name, state: bankInstitutions.connectionState })
      .from(bankInstitutions)
      .where(eq(bankInstitutions.clientId, client!.id))
      .orderBy(bankInstitutions.id);
    expect(institutions.map(({ name, state }) => ({ name, state }))).toEqual([
      { name: 'First Platypus Bank', state: 'healthy' },
      { name: 'Tattersall Federal Credit Union', state: 'login-required' },
    ]);
    const history = await db
      .select({ id: bankTransactions.id })
      .from(bankTransactions)
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankTransactions.accountId))
      .where(eq(bankAccounts.institutionId, institutions[0]!.id));
    expect(history.length).toBeGreaterThan(300);

    const told = await db
      .select({ username: users.username })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.recipientUserId))
      .where(eq(notifications.kind, 'bankConnectionNeedsAction'));
    expect(told.map((row) => row.username)).toEqual(expect.arrayContaining(['b1g1_client', 'b1g1_advisor']));
  });
});
