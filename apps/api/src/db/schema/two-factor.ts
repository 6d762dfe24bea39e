import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/**
 * A user's TOTP second factor. The row exists from the start of enrolment; `enabledAt` is set once
 * the first code confirms it. The secret is encrypted at rest (lib/field-crypto).
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The last accepted RFC 6238 time step: a code of that step or earlier is never accepted again. */
  lastUsedTimeStep: bigint({ mode: 'number' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as `salt:sha256(salt|code)` (see docs/two-factor.md for why not argon2). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/** Between the password and the code: short-lived, single-use, bound to one user. Stored hashed. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);
