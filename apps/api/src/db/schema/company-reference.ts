import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { states } from './reference.js';

/**
 * Reference lists of company formation (spec 03 sections 3 and 9), seeded by migrations and never
 * changed at run time. The short lists keep the spec's ids as explicit keys (1 LLC, 2 Corporation...)
 * so that the companies tables and the contract agree on them.
 */

/** Counties and county equivalents (parishes, boroughs, independent cities) under their official names. */
export const counties = pgTable(
  'counties',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    stateId: integer()
      .notNull()
      .references(() => states.id),
    name: text().notNull(),
    /** Five-digit FIPS code: the stable key the seed data is matched on. */
    fipsCode: text().notNull(),
  },
  (t) => [
    uniqueIndex('counties_fips_code_key').on(t.fipsCode),
    index('counties_state_id_name_idx').on(t.stateId, t.name),
  ],
);

export const industries = pgTable(
  'industries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
  },
  (t) => [uniqueIndex('industries_name_key').on(sql`lower(${t.name})`)],
);

/** 1 LLC, 2 Corporation; `designator` is shown after the legal name. */
export const businessEntityTypes = pgTable('business_entity_types', {
  id: integer().primaryKey(),
  name: text().notNull(),
  designator: text().notNull(),
});

/** 1 Individual, 2 Company. */
export const registeredAgentTypes = pgTable('registered_agent_types', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

/** 1 Manager, 2 Member. */
export const managementStructures = pgTable('management_structures', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

/** 1 President, 2 Vice President, 3 Treasurer, 4 Secretary. */
export const organizerTitles = pgTable('organizer_titles', {
  id: integer().primaryKey(),
  name: text().notNull(),
});
