import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.js';
import { users } from './identity.js';
import { services } from './organisation.js';
import { requestItems } from './requests.js';
import { tags } from './tags.js';

/**
 * A blob in storage (lib/storage). The key is server-generated; the user's file name is metadata
 * only. A blob with no row here is an orphan the reconciler removes (DESIGN.md section 6).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    storageKey: text().notNull(),
    fileName: text().notNull(),
    /** The sniffed type (file-type), not the one the browser claimed. */
    contentType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    /** Hex SHA-256 of the content, computed while streaming. */
    sha256: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stored_files_storage_key_key').on(t.storageKey)],
);

export const documents = pgTable(
  'documents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    displayName: text().notNull(),
    clientId: integer()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    serviceId: integer()
      .notNull()
      .references(() => services.id),
    description: text(),
    /** DOCUMENT_STATUS: 1 open, 2 in progress, 3 done. */
    status: smallint().notNull().default(1),
    /**
     * true: the client's side uploaded it (a client user, or staff on the client's behalf): the
     * client's "My upload" and the firm's "Received". false: the firm's upload for the client.
     */
    uploadedByClientSide: boolean().notNull(),
    uploadedOnBehalfOfClient: boolean().notNull().default(false),
    creatorUserId: integer()
      .notNull()
      .references(() => users.id),
    fileId: integer()
      .notNull()
      .references(() => storedFiles.id),
    /** The request item the client uploaded it for (docs/requests.md); null for a plain upload. */
    requestItemId: integer().references(() => requestItems.id, { onDelete: 'set null' }),
    /** Kept in step by the comment routes so lists need no count per row. */
    numberOfComments: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The lists: one side, newest first, narrowed by client, service, status or uploader.
    index('documents_side_created_idx').on(t.uploadedByClientSide, t.createdAt.desc(), t.id.desc()),
    index('documents_client_side_created_idx').on(t.clientId, t.uploadedByClientSide, t.createdAt.desc()),
    index('documents_service_side_created_idx').on(t.serviceId, t.uploadedByClientSide, t.createdAt.desc()),
    // Service and status together (an employee's default service filter plus a status): the page and
    // its count are both read from this index alone.
    index('documents_service_side_status_created_idx').on(
      t.serviceId,
      t.uploadedByClientSide,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('documents_creator_idx').on(t.creatorUserId),
    index('documents_status_idx').on(t.uploadedByClientSide, t.status, t.createdAt.desc()),
    index('documents_file_idx').on(t.fileId),
    // A request item's files (its details and review); partial: most documents belong to no request.
    index('documents_request_item_idx')
      .on(t.requestItemId)
      .where(sql`${t.requestItemId} is not null`),
  ],
);

export const documentTags = pgTable(
  'document_tags',
  {
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    // A tag in use cannot be deleted (the tags screen answers 409); deactivate it instead.
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.tagId] }), index('document_tags_tag_idx').on(t.tagId, t.documentId)],
);

export const documentComments = pgTable(
  'document_comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    commentText: text().notNull(),
    creatorUserId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_comments_document_idx').on(t.documentId, t.createdAt)],
);

/**
 * A document shared by e-mail (DESIGN.md section 6). Recipients with a portal account that may see
 * the document get a sign-in link (no token); anyone else a single-recipient link whose token is
 * stored only as its SHA-256, expiring after DOCUMENT_SHARE_TTL_DAYS unless revoked first.
 */
export const documentShares = pgTable(
  'document_shares',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    recipientEmailAddress: text().notNull(),
    requiresSignIn: boolean().notNull(),
    tokenHash: text(),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdByUserId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_shares_token_hash_key').on(t.tokenHash),
    index('document_shares_document_idx').on(t.documentId),
  ],
);

/**
 * A counter per list whose total counts are cached (ADR 0009): statement triggers on the tables a
 * list filters on add one to `version` on every change, in the changing transaction, so a count
 * cached under a version is exact for as long as that version is the committed one, in any process.
 */
export const listVersions = pgTable('list_versions', {
  name: text().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
