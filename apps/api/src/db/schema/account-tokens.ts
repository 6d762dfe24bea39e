import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { clients } from './clients.js';
import { bytea } from './types.js';

/** Single-use password-reset tokens, stored as SHA-256 hashes. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Invitations: an advisor invites a prospective client (type 1), a client owner invites a
 * collaborator on one of their clients (type 2). Status: 1 sent, 2 received (link opened),
 * 3 registered.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: smallint().notNull(),
    status: smallint().notNull().default(1),
    senderUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientEmailAddress: text().notNull(),
    clientId: integer().references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    registeredUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp({ withTimezone: true }),
    registeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('invitations_sender_idx').on(t.senderUserId, t.createdAt),
    index('invitations_client_idx').on(t.clientId),
    index('invitations_created_idx').on(t.createdAt),
    // A new invitation replaces the sender's earlier unused one to the address (of the same client):
    // one link works. The delete-then-insert alone lets two sends at once both insert; this decides.
    // Status 3 is registered (INVITATION_STATUS), a used link that stays in the history.
    uniqueIndex('invitations_pending_key')
      .on(t.senderUserId, sql`coalesce(${t.clientId}, 0)`, sql`lower(${t.recipientEmailAddress})`)
      .where(sql`${t.status} <> 3`),
  ],
);

/** Profile pictures, kept out of the users row so user lists never carry image bytes. */
export const userProfilePictures = pgTable('user_profile_pictures', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  data: bytea().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
