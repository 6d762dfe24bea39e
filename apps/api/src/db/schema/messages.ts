import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ConversationStatus } from '@ledgerport/shared';
import { clients } from './clients.js';
import { documents } from './documents.js';
import { users } from './identity.js';

/** PostgreSQL full-text document; written with to_tsvector, never read back by the app. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A secure conversation between the firm and one client (issue 23; docs/messages.md). Who may take
 * part is not stored: it is whoever may see the client (its users through their grants, the staff
 * through their scope), computed when asked, so a grant that changes changes it at once. Its
 * version is the row's xmin (lib/row-version.ts): status and assignee changes honour If-Match.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** A deleted client takes its conversations with it. */
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /**
     * The subject, encrypted with the field key (lib/field-crypto.ts) like the messages: people
     * type what they would in an e-mail's subject line, numbers included.
     */
    subjectEncrypted: text(),
    /**
     * A subject stored in clear before subjects were encrypted (migration 0037): the hourly job
     * `messages.encrypt-subjects` moves it into `subjectEncrypted` and leaves ''. New rows write ''
     * for one release, so a process of the previous version reading it shows an empty subject
     * instead of failing; a later release drops the column.
     */
    subject: text(),
    /** CONVERSATION_STATUS. */
    status: text().$type<ConversationStatus>().notNull().default('open'),
    /** The staff member it is assigned to; null: unassigned. */
    assigneeUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The newest message of any kind (staff sort by it). */
    lastActivityAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The newest message client users may see (their sort, and their unread test); internal notes leave it. */
    lastClientVisibleAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The newest message (internal notes included) and the newest client users may see: a person has
     * something unread when the one they may see is past their read mark (sending moves the sender's
     * mark past their own message), so the inbox's unread count compares two numbers per conversation
     * instead of searching the messages (issue 26). Null until the first message.
     */
    lastMessageId: integer(),
    lastClientVisibleMessageId: integer(),
  },
  (t) => [
    // The inbox: a client's conversations, or the firm's, by last activity.
    index('conversations_client_activity_idx').on(t.clientId, t.lastActivityAt.desc(), t.id.desc()),
    index('conversations_activity_idx').on(t.lastActivityAt.desc(), t.id.desc()),
    index('conversations_assignee_idx').on(t.assigneeUserId),
    check('conversations_status', sql`${t.status} in ('open', 'closed')`),
    check('conversations_subject', sql`${t.subjectEncrypted} is not null or ${t.subject} is not null`),
  ],
);

/**
 * One message. Its text is encrypted at rest like every sensitive field (messages replace e-mail
 * for SSNs and tax figures): `html_encrypted` is field-crypto ciphertext. Search goes through
 * `search_vector`, made from the plain text with every digit removed, so the
 * index holds words but no SSN, bank or card number (ADR 0013). Never deleted by clients; an edit
 * keeps the earlier text in the audit log, encrypted as well.
 */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** null once the author's account is gone; the name is then "Former user". */
    authorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Staff only: never shown or sent to client users (the service filters, not the screen). */
    isInternalNote: boolean().notNull().default(false),
    htmlEncrypted: text().notNull(),
    searchVector: tsvector().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // A conversation's pages, newest last, and the unread counts (messages after a read mark).
    index('conversation_messages_conversation_idx').on(t.conversationId, t.id),
    index('conversation_messages_search_idx').using('gin', t.searchVector),
  ],
);

/** A message's files: ordinary documents of the conversation's client. */
export const conversationMessageAttachments = pgTable(
  'conversation_message_attachments',
  {
    messageId: integer()
      .notNull()
      .references(() => conversationMessages.id, { onDelete: 'cascade' }),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.documentId] }),
    index('conversation_attachments_document_idx').on(t.documentId),
  ],
);

/**
 * How far each person has read a conversation: the read receipts ("Seen by ...") and the unread
 * counts. A row appears on a person's first read.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer().notNull(),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('conversation_reads_user_idx').on(t.userId)],
);
