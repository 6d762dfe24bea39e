import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './identity.js';
import { services } from './organisation.js';
import { states } from './reference.js';
import { bytea } from './types.js';

export const clients = pgTable(
  'clients',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** CLIENT_TYPE: 1 business, 2 personal. */
    clientType: smallint().notNull(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
    ownerUserId: integer()
      .notNull()
      .references((): AnyPgColumn => users.id),
    advisorUserId: integer().references((): AnyPgColumn => users.id),
    /** Set once the client has had the bookkeeping service; never cleared (spec 01 section 2.2). */
    usedBookkeepingServiceAtLeastOnce: boolean().notNull().default(false),
    // Business clients.
    tradeName: text(),
    website: text(),
    /** TIN/EIN, encrypted (lib/field-crypto); `tinIndex` is its blind index for exact-match search. */
    tinEncrypted: text(),
    tinIndex: text(),
    // Personal clients (`name` holds "First Last" for them, so one column sorts and searches both kinds).
    firstName: text(),
    lastName: text(),
    ssnEncrypted: text(),
    ssnIndex: text(),
    birthDateEncrypted: text(),
    /** MARITAL_STATUS: 1 single, 2 married. */
    maritalStatus: smallint(),
    // Both kinds.
    emailAddress: text(),
    phoneNumber: text(),
    addressLine1: text(),
    addressLine2: text(),
    city: text(),
    stateId: integer().references(() => states.id),
    zipCode: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clients_owner_idx').on(t.ownerUserId),
    index('clients_advisor_idx').on(t.advisorUserId),
    index('clients_tin_index_idx').on(t.tinIndex),
    index('clients_ssn_index_idx').on(t.ssnIndex),
    index('clients_state_idx').on(t.stateId),
    // The bookkeeping tracker's page in its default order (issue 26): a third of the clients, by name.
    index('clients_bookkeeping_name_idx')
      .on(sql`lower(${t.name})`, t.id)
      .where(sql`${t.usedBookkeepingServiceAtLeastOnce}`),
  ],
);

/** The spouse of a married personal client (spec 02 section 3, spouseInfo). */
export const clientSpouses = pgTable('client_spouses', {
  clientId: integer()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  firstName: text().notNull(),
  lastName: text().notNull(),
  ssnEncrypted: text(),
  birthDateEncrypted: text(),
  phoneNumber: text(),
  addressLine1: text(),
  addressLine2: text(),
  city: text(),
  stateId: integer().references(() => states.id),
  zipCode: text(),
});

export const clientProfilePictures = pgTable('client_profile_pictures', {
  clientId: integer()
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  data: bytea().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const clientServices = pgTable(
  'client_services',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    serviceId: integer()
      .notNull()
      .references(() => services.id),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.serviceId] }), index('client_services_service_idx').on(t.serviceId)],
);

export const clientCollaborators = pgTable(
  'client_collaborators',
  {
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.userId] }), index('client_collaborators_user_idx').on(t.userId)],
);

/**
 * The services a collaborator is granted on a client (spec 02 section 4): a subset of the client's
 * services; a dropped client service leaves every collaborator, an added one joins every collaborator.
 */
export const clientCollaboratorServices = pgTable(
  'client_collaborator_services',
  {
    clientId: integer().notNull(),
    userId: integer().notNull(),
    serviceId: integer()
      .notNull()
      .references(() => services.id),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.userId, t.serviceId] }),
    foreignKey({
      name: 'client_collaborator_services_collaborator_fk',
      columns: [t.clientId, t.userId],
      foreignColumns: [clientCollaborators.clientId, clientCollaborators.userId],
    }).onDelete('cascade'),
  ],
);
