import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { users } from './identity.js';

/** Body and acknowledgment text are stored already sanitised (modules/announcements). */
export const announcements = pgTable(
  'announcements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: text().notNull(),
    body: text().notNull(),
    acknowledgmentText: text().notNull(),
    /** Shown through this UTC day; null never expires. */
    expirationDate: date({ mode: 'string' }),
    isActive: boolean().notNull().default(true),
    creatorUserId: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('announcements_created_at_idx').on(t.createdAt, t.id),
    // Every client sign-in asks for the active, unexpired ones.
    index('announcements_active_idx').on(t.isActive, t.expirationDate),
  ],
);

/** One row per announcement, user and client the user confirmed it for (spec 01 section 7). */
export const announcementAcknowledgements = pgTable(
  'announcement_acknowledgements',
  {
    announcementId: integer()
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    acknowledgedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId, t.clientId] }),
    index('announcement_acknowledgements_user_idx').on(t.userId),
    index('announcement_acknowledgements_listing_idx').on(t.announcementId, t.acknowledgedAt),
  ],
);
