import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** US states and territories (`GET company/states/all`): addresses and company formation. */
export const states = pgTable(
  'states',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    name: text().notNull(),
  },
  (t) => [uniqueIndex('states_code_key').on(sql`upper(${t.code})`)],
);
