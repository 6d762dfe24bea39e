import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { services } from './organisation.js';

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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clients_owner_idx').on(t.ownerUserId), index('clients_advisor_idx').on(t.advisorUserId)],
);

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
