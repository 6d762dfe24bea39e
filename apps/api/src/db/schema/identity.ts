import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { departments } from './organisation.js';
import { clients } from './clients.js';

export const roles = pgTable(
  'roles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    displayName: text().notNull(),
    description: text(),
    isStatic: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('roles_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('roles_display_name_key').on(sql`lower(${t.displayName})`),
  ],
);

/** Which role holds which permission is data, edited on the Roles screen. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    username: text().notNull(),
    emailAddress: text().notNull(),
    phoneNumber: text(),
    extension: text(),
    passwordHash: text().notNull(),
    isActive: boolean().notNull().default(true),
    departmentId: integer().references(() => departments.id),
    advisorUserId: integer().references((): AnyPgColumn => users.id),
    supervisorUserId: integer().references((): AnyPgColumn => users.id),
    inviterUserId: integer().references((): AnyPgColumn => users.id),
    /**
     * Deprecated (ADR 0014): the current account moved to `sessions.current_client_id`, the last
     * choice to `last_chosen_clients`. No longer written; kept for the previous release during a
     * rolling update (docs/deployment.md) and read only as the starting account of a user who has no
     * `last_chosen_clients` row yet. Dropped in a later release.
     */
    currentClientId: integer().references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    isLeadOnboardingCompleted: boolean().notNull().default(true),
    leadIdHash: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_address_key').on(sql`lower(${t.emailAddress})`),
    index('users_advisor_idx').on(t.advisorUserId),
    // The Users screen's "Invited by me" filter.
    index('users_inviter_idx').on(t.inviterUserId),
    index('users_department_idx').on(t.departmentId),
    // The Users screen's default order (full name, then id): a page without sorting every user.
    index('users_full_name_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);
