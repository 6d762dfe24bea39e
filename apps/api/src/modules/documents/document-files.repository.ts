import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { documentShares, documents, storedFiles, users } from '../../db/schema/index.js';
import {
  documentIdInScope,
  documentScopeCondition,
  type DocumentIdInScope,
  type DocumentScope,
} from './document-scope.js';

export type DocumentFilesRepository = ReturnType<typeof createDocumentFilesRepository>;

const fileColumns = {
  id: documents.id,
  displayName: documents.displayName,
  clientId: documents.clientId,
  serviceId: documents.serviceId,
  storageKey: storedFiles.storageKey,
  fileName: storedFiles.fileName,
  contentType: storedFiles.contentType,
  size: storedFiles.size,
};
export interface DocumentFileRow {
  id: DocumentIdInScope;
  displayName: string;
  clientId: number;
  serviceId: number;
  storageKey: string;
  fileName: string;
  contentType: string;
  size: number;
}

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** Documents' stored files and their share links, within the caller's scope (ADR 0010). */
export function createDocumentFilesRepository({ db }: { db: DbOrTx }) {
  return {
    async findFile(id: number, scope: DocumentScope, tx: DbOrTx = db): Promise<DocumentFileRow | null> {
      const [row] = await tx
        .select(fileColumns)
        .from(documents)
        .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
        .where(and(eq(documents.id, id), documentScopeCondition(tx, scope)))
        .limit(1);
      return row ? { ...row, id: documentIdInScope(row.id) } : null;
    },

    /** The visible ones among `ids`, in the order asked for. */
    async findFiles(ids: readonly number[], scope: DocumentScope, tx: DbOrTx = db): Promise<DocumentFileRow[]> {
      const rows = await tx
        .select(fileColumns)
        .from(documents)
        .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
        .where(and(inArray(documents.id, [...ids]), documentScopeCondition(tx, scope)));
      const byId = new Map(rows.map((row) => [row.id, { ...row, id: documentIdInScope(row.id) }]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The id when the scope sees the document; null otherwise. */
    async findVisibleId(id: number, scope: DocumentScope, tx: DbOrTx = db): Promise<DocumentIdInScope | null> {
      const [row] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, id), documentScopeCondition(tx, scope)))
        .limit(1);
      return row ? documentIdInScope(row.id) : null;
    },

    /** An active account with this address (case-insensitive), the only kind a sign-in link can serve. */
    async findActiveUserByEmail(emailAddress: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.emailAddress}) = ${emailAddress.toLowerCase()}`, eq(users.isActive, true)))
        .limit(1);
      return row ?? null;
    },

    async findUserName(userId: number, tx: DbOrTx = db): Promise<string | null> {
      const [row] = await tx.select({ fullName }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.fullName ?? null;
    },

    async insertShare(
      documentId: DocumentIdInScope,
      values: Omit<typeof documentShares.$inferInsert, 'documentId'>,
      tx: DbOrTx = db,
    ) {
      const [row] = await tx
        .insert(documentShares)
        .values({ ...values, documentId })
        .returning();
      return row!;
    },

    async listShares(documentId: DocumentIdInScope, tx: DbOrTx = db) {
      return tx
        .select({
          id: documentShares.id,
          recipientEmailAddress: documentShares.recipientEmailAddress,
          requiresSignIn: documentShares.requiresSignIn,
          createdAt: documentShares.createdAt,
          expiresAt: documentShares.expiresAt,
          revokedAt: documentShares.revokedAt,
          createdById: users.id,
          createdByFullName: fullName,
        })
        .from(documentShares)
        .innerJoin(users, eq(users.id, documentShares.createdByUserId))
        .where(eq(documentShares.documentId, documentId))
        .orderBy(desc(documentShares.createdAt), desc(documentShares.id));
    },

    async findShare(documentId: DocumentIdInScope, shareId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: documentShares.id, revokedAt: documentShares.revokedAt })
        .from(documentShares)
        .where(and(eq(documentShares.id, shareId), eq(documentShares.documentId, documentId)))
        .limit(1);
      return row ?? null;
    },

    /** Sets revokedAt once; true when this call revoked it. */
    async revokeShare(documentId: DocumentIdInScope, shareId: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(documentShares)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(documentShares.id, shareId),
            eq(documentShares.documentId, documentId),
            isNull(documentShares.revokedAt),
          ),
        )
        .returning({ id: documentShares.id });
      return rows.length > 0;
    },

    /**
     * A token link still usable now: not revoked, not expired.
     * @unscoped the link's token is the authority: the public route serves whoever holds an unexpired, unrevoked one
     */
    async findUsableShare(tokenHash: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          shareId: documentShares.id,
          recipientEmailAddress: documentShares.recipientEmailAddress,
          expiresAt: documentShares.expiresAt,
          sharedBy: fullName,
          file: fileColumns,
        })
        .from(documentShares)
        .innerJoin(documents, eq(documents.id, documentShares.documentId))
        .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
        .innerJoin(users, eq(users.id, documentShares.createdByUserId))
        .where(
          and(
            eq(documentShares.tokenHash, tokenHash),
            eq(documentShares.requiresSignIn, false),
            isNull(documentShares.revokedAt),
            gt(documentShares.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return row ?? null;
    },
  };
}
