import { isNotNull } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { users } from './identity.js';

/**
 * A sign-in session: one refresh-token family. Access tokens carry its id, so revoking it ends the
 * session at once (logout, password change, deactivation, role change, refresh-token reuse).
 * It also holds the client account a client user acts for (ADR 0014): one person signed in on two
 * devices may act for two accounts at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, whatever the refreshes. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    ipAddress: text(),
    userAgent: text(),
    /**
     * The client account this session acts for (spec 01 section 4.1: set server-side), chosen with
     * PUT document/users/me/clients/current; a new session starts on the user's last choice
     * (`lastChosenClients`). Read into the principal only while the user still owns the client or
     * actively collaborates on it.
     */
    currentClientId: integer().references(() => clients.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // Deleting a client nulls its sessions' choice: without it, a scan of every session ever kept.
    index('sessions_current_client_idx').on(t.currentClientId).where(isNotNull(t.currentClientId)),
  ],
);

/**
 * The client account a user chose last, in any session: a new sign-in starts on it (ADR 0014). Kept
 * apart from `users` so that choosing an account does not change the user's row version (ETag).
 * A null client means the choice was cleared (the user left that client).
 */
export const lastChosenClients = pgTable('last_chosen_clients', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientId: integer().references(() => clients.id, { onDelete: 'set null' }),
});

/** Refresh tokens are stored as SHA-256 hashes and are single-use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text().primaryKey(),
    sessionId: text()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/**
 * Failure counters for sign-in throttling, keyed per account and per IP. They live in the database
 * so that every API process behind a load balancer sees the same counts.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
});
