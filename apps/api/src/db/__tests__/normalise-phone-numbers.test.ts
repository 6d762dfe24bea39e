import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { normalizePhone } from '@ledgerport/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.js';
import { users } from '../schema/index.js';
import { createTestDatabase } from '../../testing/test-app.js';

const MIGRATION = new URL('../../../drizzle/0029_normalise_phone_numbers.sql', import.meta.url);

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop());

describe('migration 0029: phone numbers in one stored form', () => {
  it('rewrites every row the contract would store differently, and leaves the rest as typed', async () => {
    const typed = [
      '(555) 010-0000',
      '555.222.3333',
      '+1 (555) 010-0100',
      '1 555 222 4444',
      '+81 3 5555 0100',
      '5552223333',
      '555-0100',
      'call the office',
    ];
    const created = await database.db
      .insert(users)
      .values(
        typed.map((phoneNumber, index) => ({
          firstName: 'Phone',
          lastName: `Owner ${index}`,
          username: `phone_owner_${index}`,
          emailAddress: `phone_owner_${index}@example.com`,
          passwordHash: 'not-used',
          phoneNumber,
        })),
      )
      .returning({ id: users.id });

    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      await database.db.execute(sql.raw(statement));
    }

    const stored = new Map(
      (await database.db.select({ id: users.id, phoneNumber: users.phoneNumber }).from(users)).map((row) => [
        row.id,
        row.phoneNumber,
      ]),
    );
    expect(created.map((user) => stored.get(user.id))).toEqual([
      '5550100000',
      '5552223333',
      '5550100100',
      '5552224444',
      '+81355550100',
      '5552223333',
      '555-0100',
      'call the office',
    ]);
    // The same rule as the contract's, so a number typed today and one migrated read the same.
    for (const [index, value] of typed.entries()) {
      expect(stored.get(created[index]!.id)).toBe(normalizePhone(value) ?? value);
    }
  });
});
