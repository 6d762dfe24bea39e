import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** US states and territories (`GET company/states/all`): addresses and company formation. */
export const states = pgTable(
  'states',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull(),
    name: text().notNull(),
    /** Resident filing fees in dollars (spec 03 section 9); null where we do not form companies (territories). */
    llcFilingFeeForResidents: numeric({ precision: 10, scale: 2 }),
    corporationFilingFeeForResidents: numeric({ precision: 10, scale: 2 }),
    /** The Secretary of State's business-name search, opened in the wizard's 600x600 popup. */
    checkBusinessNameAvailabilityUrl: text(),
  },
  (t) => [uniqueIndex('states_code_key').on(sql`upper(${t.code})`)],
);
