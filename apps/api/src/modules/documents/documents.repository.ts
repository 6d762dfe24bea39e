import { and, asc, count, eq, exists, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { type DocumentSortKey, type DocumentType } from '@ledgerport/shared';
import type { DbOrTx } from '../../db/client.js';
import {
  clientCollaboratorServices,
  clientServices,
  clients,
  documentComments,
  documentTags,
  documents,
  services,
  storedFiles,
  tagActivatedGroups,
  tagGroups,
  tagServices,
  tags,
  users,
} from '../../db/schema/index.js';
import { containsIgnoreCase, runPrepared } from '../../lib/list-query.js';
import { createVersionedCount } from '../../lib/versioned-count.js';
import { rowVersion } from '../../lib/row-version.js';
import {
  documentFilingInScope,
  documentIdInScope,
  documentScopeCondition,
  type DocumentFilingInScope,
  type DocumentIdInScope,
  type DocumentScope,
} from './document-scope.js';
import { activeCollaboratorWithGrant } from '../clients/index.js';

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
export type DocumentRow = Awaited<ReturnType<DocumentsRepository['findPage']>>[number];
/** A row read within a scope: its id may be used by the follow-up reads and writes of the request. */
type InScope<Row extends { id: number }> = Omit<Row, 'id'> & { id: DocumentIdInScope };

/** The list's filters, resolved by the service (scope, side, tag groups, whole-day bounds). */
export interface DocumentListFilters {
  /** What the caller may see (ADR 0010). */
  scope: DocumentScope;
  /** The caller's My uploads or Received. */
  side?: DocumentType;
  clientId?: number;
  displayName?: string;
  /** Tag ids per tag group: a document needs one of each group's ids. */
  tagsByGroup?: number[][];
  serviceId?: number;
  status?: number;
  createdFrom?: Date;
  /** Exclusive. */
  createdBefore?: Date;
  creatorUserId?: number;
}

export interface DocumentListSort {
  sortedBy?: DocumentSortKey;
  sortedDesc?: boolean;
}

const fullNameOf = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

function listWhere(db: DbOrTx, f: DocumentListFilters): SQL | undefined {
  return and(
    documentScopeCondition(db, f.scope, f.side),
    f.clientId === undefined ? undefined : eq(documents.clientId, f.clientId),
    f.displayName ? containsIgnoreCase(documents.displayName, f.displayName) : undefined,
    ...(f.tagsByGroup ?? []).map((tagIds) =>
      exists(
        db
          .select({ one: documentTags.tagId })
          .from(documentTags)
          .where(and(eq(documentTags.documentId, documents.id), inArray(documentTags.tagId, tagIds))),
      ),
    ),
    f.serviceId === undefined ? undefined : eq(documents.serviceId, f.serviceId),
    f.status === undefined ? undefined : eq(documents.status, f.status),
    f.createdFrom ? gte(documents.createdAt, f.createdFrom) : undefined,
    f.createdBefore ? lt(documents.createdAt, f.createdBefore) : undefined,
    f.creatorUserId === undefined ? undefined : eq(documents.creatorUserId, f.creatorUserId),
  );
}

const SORTABLE: Record<DocumentSortKey, SQL | AnyColumn> = {
  displayName: sql`lower(${documents.displayName})`,
  client: sql`lower(${clients.name})`,
  service: sql`lower(${services.displayName})`,
  creationTime: documents.createdAt,
  status: documents.status,
  creator: sql`lower(${users.firstName} || ' ' || ${users.lastName})`,
};

/**
 * The tie-breaker follows the sort's direction, and NULLS placement matches the indexes (created_at
 * DESC NULLS LAST, id DESC NULLS LAST; both columns are NOT NULL, but the planner matches index order
 * literally), so the default order, newest first, is read straight off an index and a page needs no
 * sort step. Ascending reads the same index backwards.
 */
function orderOf(sort: DocumentListSort): SQL[] {
  const column = sort.sortedBy ? SORTABLE[sort.sortedBy] : documents.createdAt;
  const descending = sort.sortedBy ? Boolean(sort.sortedDesc) : true;
  const direction = descending ? sql`desc nulls last` : sql`asc nulls first`;
  return [sql`${column} ${direction}`, sql`${documents.id} ${direction}`];
}

const rowColumns = {
  id: documents.id,
  version: rowVersion(documents),
  displayName: documents.displayName,
  clientId: documents.clientId,
  clientName: clients.name,
  serviceId: documents.serviceId,
  serviceDisplayName: services.displayName,
  serviceColor: services.color,
  description: documents.description,
  status: documents.status,
  createdAt: documents.createdAt,
  creatorUserId: documents.creatorUserId,
  creatorFullName: fullNameOf,
  numberOfComments: documents.numberOfComments,
  uploadedByClientSide: documents.uploadedByClientSide,
  uploadedOnBehalfOfClient: documents.uploadedOnBehalfOfClient,
  fileId: documents.fileId,
  fileName: storedFiles.fileName,
  contentType: storedFiles.contentType,
  size: storedFiles.size,
  sha256: storedFiles.sha256,
  storageKey: storedFiles.storageKey,
};

/** The row of list_versions the documents lists' counts are kept under (migration 0025). */
const DOCUMENTS_LIST = 'documents';
const VERSIONED_TABLES = new Set(['documents', 'document_tags']);

/** Sort keys read off the documents row itself: the page needs no join to be ordered. */
const SORTED_ON_DOCUMENTS = new Set<DocumentSortKey | undefined>([undefined, 'displayName', 'creationTime', 'status']);

type FileFacts = { fileName: string; contentType: string; size: number; sha256: string; storageKey: string };

/**
 * The same row as `rowColumns`, with the client, service, creator and file read by one-row
 * subqueries on their primary keys instead of joins. PostgreSQL plans a five-table join anew on
 * every execution of a page whose filters it weighs per value (a custom plan, ~0.7 ms on the
 * large firm, several times the page's own execution); a one-table query with these subplans
 * plans in a fraction of that. Only for orders on the documents row: a sort on the client's name
 * over thousands of matches is better served by the join.
 */
const lookupColumns = {
  id: documents.id,
  version: rowVersion(documents),
  displayName: documents.displayName,
  clientId: documents.clientId,
  clientName: sql<string>`(select ${clients.name} from ${clients} where ${clients.id} = ${documents.clientId})`,
  serviceId: documents.serviceId,
  serviceDisplayName: sql<string>`(select ${services.displayName} from ${services} where ${services.id} = ${documents.serviceId})`,
  serviceColor: sql<string>`(select ${services.color} from ${services} where ${services.id} = ${documents.serviceId})`,
  description: documents.description,
  status: documents.status,
  createdAt: documents.createdAt,
  creatorUserId: documents.creatorUserId,
  creatorFullName: sql<string>`(select ${fullNameOf} from ${users} where ${users.id} = ${documents.creatorUserId})`,
  numberOfComments: documents.numberOfComments,
  uploadedByClientSide: documents.uploadedByClientSide,
  uploadedOnBehalfOfClient: documents.uploadedOnBehalfOfClient,
  fileId: documents.fileId,
  file: sql<FileFacts>`(select json_build_object('fileName', ${storedFiles.fileName},
    'contentType', ${storedFiles.contentType}, 'size', ${storedFiles.size}, 'sha256', ${storedFiles.sha256},
    'storageKey', ${storedFiles.storageKey}) from ${storedFiles} where ${storedFiles.id} = ${documents.fileId})`,
};

export function createDocumentsRepository({ db }: { db: DbOrTx }) {
  const versionedCount = createVersionedCount(db, DOCUMENTS_LIST, VERSIONED_TABLES);
  const selectRows = (tx: DbOrTx) =>
    tx
      .select(rowColumns)
      .from(documents)
      .innerJoin(clients, eq(clients.id, documents.clientId))
      .innerJoin(services, eq(services.id, documents.serviceId))
      .innerJoin(users, eq(users.id, documents.creatorUserId))
      .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId));

  return {
    /** Prepared per shape of filters and sort (runPrepared): the list runs on every screen load. */
    async findPage(
      filters: DocumentListFilters,
      sort: DocumentListSort,
      page: { limit: number; offset: number },
      tx = db,
    ): Promise<Array<InScope<Awaited<ReturnType<typeof selectRows>>[number]>>> {
      if (!SORTED_ON_DOCUMENTS.has(sort.sortedBy)) {
        return runPrepared(
          selectRows(tx)
            .where(listWhere(tx, filters))
            .orderBy(...orderOf(sort))
            .limit(page.limit)
            .offset(page.offset),
        ) as Promise<Array<InScope<Awaited<ReturnType<typeof selectRows>>[number]>>>;
      }
      const rows = await runPrepared(
        tx
          .select(lookupColumns)
          .from(documents)
          .where(listWhere(tx, filters))
          .orderBy(...orderOf(sort))
          .limit(page.limit)
          .offset(page.offset),
      );
      return rows.map(({ file, ...row }) => ({ ...row, ...file, id: documentIdInScope(row.id) }));
    },

    /**
     * Only the documents table (and the tag EXISTS): the joins of a page are not needed to count.
     * Counting thousands of matches is the costliest part of a list request, so a count whose
     * query reads documents and document_tags alone is kept per filter combination under the
     * documents list version, and reused while that version is still the committed one: the
     * version moves in the same transaction as any change to those tables (migration 0025), in
     * whichever process made it (ADR 0009). A client user's scope also reads clients and
     * collaborators, whose changes do not move the version: such counts are always made afresh.
     */
    async count(filters: DocumentListFilters, tx = db): Promise<number> {
      return versionedCount(tx.select({ n: count() }).from(documents).where(listWhere(tx, filters)), tx);
    },

    /** The document if the scope sees it (on `side`'s list when given). */
    async findOne(id: number, scope: DocumentScope, side?: DocumentType, tx = db) {
      const [row] = await selectRows(tx)
        .where(and(eq(documents.id, id), documentScopeCondition(tx, scope, side)))
        .limit(1);
      return row ? { ...row, id: documentIdInScope(row.id) } : null;
    },

    /** The tags of these documents with their groups, for a whole page in one query. */
    async findTags(documentIds: readonly DocumentIdInScope[], tx = db) {
      if (documentIds.length === 0) return [];
      return runPrepared(
        tx
          .select({
            documentId: documentTags.documentId,
            id: tags.id,
            displayName: tags.displayName,
            tagGroupId: tagGroups.id,
            tagGroupDisplayName: tagGroups.displayName,
            tagGroupColor: tagGroups.color,
            isMainTagGroup: tagGroups.isMainTagGroup,
          })
          .from(documentTags)
          .innerJoin(tags, eq(tags.id, documentTags.tagId))
          .innerJoin(tagGroups, eq(tagGroups.id, tags.tagGroupId))
          // One array parameter rather than IN ($1..$n): one prepared statement whatever the page size.
          .where(sql`${documentTags.documentId} = any(${sql.param(documentIds)}::int[])`)
          .orderBy(asc(tagGroups.ordinal), asc(tagGroups.id), sql`lower(${tags.displayName})`, asc(tags.id)),
      );
    },

    /** The group of each existing tag among `tagIds`. */
    findTagGroupIds(tagIds: number[], tx = db) {
      if (tagIds.length === 0) return Promise.resolve([]);
      return tx.select({ id: tags.id, tagGroupId: tags.tagGroupId }).from(tags).where(inArray(tags.id, tagIds));
    },

    findTagGroups(tx = db) {
      return tx
        .select({
          id: tagGroups.id,
          displayName: tagGroups.displayName,
          color: tagGroups.color,
          isMainTagGroup: tagGroups.isMainTagGroup,
        })
        .from(tagGroups)
        .orderBy(asc(tagGroups.ordinal), asc(tagGroups.id));
    },

    /** Active tags, plus any of `alsoTagIds` (tags a document already carries, even if since deactivated). */
    async findPickableTags(alsoTagIds: number[] = [], tx = db) {
      const tagRows = await tx
        .select({ id: tags.id, displayName: tags.displayName, tagGroupId: tags.tagGroupId })
        .from(tags)
        .where(
          alsoTagIds.length > 0 ? or(eq(tags.isActive, true), inArray(tags.id, alsoTagIds)) : eq(tags.isActive, true),
        )
        .orderBy(sql`lower(${tags.displayName})`, asc(tags.id));
      const ids = tagRows.map((tag) => tag.id);
      if (ids.length === 0) return [];
      const [serviceLinks, groupLinks] = await Promise.all([
        tx
          .select({ tagId: tagServices.tagId, id: tagServices.serviceId })
          .from(tagServices)
          .where(inArray(tagServices.tagId, ids))
          .orderBy(asc(tagServices.serviceId)),
        tx
          .select({ tagId: tagActivatedGroups.tagId, id: tagActivatedGroups.tagGroupId })
          .from(tagActivatedGroups)
          .where(inArray(tagActivatedGroups.tagId, ids))
          .orderBy(asc(tagActivatedGroups.tagGroupId)),
      ]);
      return tagRows.map((tag) => ({
        ...tag,
        servicesItDepends: serviceLinks.filter((link) => link.tagId === tag.id).map((link) => link.id),
        tagGroupsItActivates: groupLinks.filter((link) => link.tagId === tag.id).map((link) => link.id),
      }));
    },

    async findTagIdsOf(documentId: DocumentIdInScope, tx = db): Promise<number[]> {
      const rows = await tx
        .select({ tagId: documentTags.tagId })
        .from(documentTags)
        .where(eq(documentTags.documentId, documentId));
      return rows.map((row) => row.tagId);
    },

    /**
     * Whether the scope may put documents for this service into this client: staff any existing
     * client; a client user only their current client, as its owner for any service, as an active
     * collaborator for the services granted to them. Upload and edit write only what this returns.
     */
    async findFilingTarget(
      clientId: number,
      serviceId: number,
      scope: DocumentScope,
      tx = db,
    ): Promise<DocumentFilingInScope | null> {
      if (scope.isClient && scope.currentClientId !== clientId) return null;
      const granted = activeCollaboratorWithGrant(
        tx,
        clients.id,
        scope.userId,
        eq(clientCollaboratorServices.serviceId, serviceId),
      );
      const [row] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(
          and(
            eq(clients.id, clientId),
            scope.isClient ? or(eq(clients.ownerUserId, scope.userId), granted) : undefined,
          ),
        )
        .limit(1);
      return row ? documentFilingInScope(clientId, serviceId) : null;
    },

    /** Whether the service is active and one the client has. */
    async isActiveServiceOfClient(filing: DocumentFilingInScope, tx = db): Promise<boolean> {
      const [row] = await tx
        .select({ one: clientServices.serviceId })
        .from(clientServices)
        .innerJoin(services, eq(services.id, clientServices.serviceId))
        .where(
          and(
            eq(clientServices.clientId, filing.clientId),
            eq(clientServices.serviceId, filing.serviceId),
            eq(services.isActive, true),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async update(
      id: DocumentIdInScope,
      filing: DocumentFilingInScope,
      values: { displayName: string; description: string | null },
      tagIds: number[],
      tx: DbOrTx,
    ): Promise<void> {
      await tx
        .update(documents)
        .set({ ...values, clientId: filing.clientId, serviceId: filing.serviceId, updatedAt: sql`now()` })
        .where(eq(documents.id, id));
      await tx.delete(documentTags).where(eq(documentTags.documentId, id));
      if (tagIds.length > 0) await tx.insert(documentTags).values(tagIds.map((tagId) => ({ documentId: id, tagId })));
    },

    /**
     * Locks the rows the scope sees among `ids` (on `side`'s list), so a concurrent change cannot
     * slip between reading and writing them; the caller compares the count with the ids asked for.
     */
    async lockForChange(ids: readonly number[], scope: DocumentScope, side: DocumentType, tx: DbOrTx) {
      const rows = await tx
        .select({
          id: documents.id,
          version: rowVersion(documents),
          clientId: documents.clientId,
          status: documents.status,
          fileId: documents.fileId,
          storageKey: storedFiles.storageKey,
        })
        .from(documents)
        .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
        .where(and(inArray(documents.id, [...ids]), documentScopeCondition(tx, scope, side)))
        .orderBy(asc(documents.id))
        .for('update', { of: documents });
      return rows.map((row) => ({ ...row, id: documentIdInScope(row.id) }));
    },

    /** Tags, comments and shares go with them (ON DELETE CASCADE); then the file rows. */
    async delete(ids: DocumentIdInScope[], fileIds: number[], tx: DbOrTx): Promise<void> {
      await tx.delete(documents).where(inArray(documents.id, ids));
      if (fileIds.length > 0) await tx.delete(storedFiles).where(inArray(storedFiles.id, fileIds));
    },

    async setStatus(ids: DocumentIdInScope[], status: number, tx: DbOrTx): Promise<void> {
      await tx
        .update(documents)
        .set({ status, updatedAt: sql`now()` })
        .where(inArray(documents.id, ids));
    },

    /** A comment per document, with the documents' counters kept in step. */
    async insertComments(documentIds: DocumentIdInScope[], commentText: string, creatorUserId: number, tx: DbOrTx) {
      if (documentIds.length === 0) return [];
      const rows = await tx
        .insert(documentComments)
        .values(documentIds.map((documentId) => ({ documentId, commentText, creatorUserId })))
        .returning({ id: documentComments.id, documentId: documentComments.documentId });
      await tx
        .update(documents)
        .set({ numberOfComments: sql`${documents.numberOfComments} + 1` })
        .where(inArray(documents.id, documentIds));
      return rows;
    },

    findComments(documentId: DocumentIdInScope, commentId?: number, tx = db) {
      return tx
        .select({
          id: documentComments.id,
          commentText: documentComments.commentText,
          createdAt: documentComments.createdAt,
          creatorUserId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(documentComments)
        .innerJoin(users, eq(users.id, documentComments.creatorUserId))
        .where(
          and(
            eq(documentComments.documentId, documentId),
            commentId === undefined ? undefined : eq(documentComments.id, commentId),
          ),
        )
        .orderBy(asc(documentComments.createdAt), asc(documentComments.id));
    },

    /**
     * Users who uploaded a document in scope, by name. Scanning users with a semi-join on the
     * creator index stays cheap however many documents there are.
     */
    findUploaders(scope: DocumentScope, text: string | undefined, limit: number, tx = db) {
      return tx
        .select({ id: users.id, fullName: fullNameOf, emailAddress: users.emailAddress })
        .from(users)
        .where(
          and(
            exists(
              tx
                .select({ one: documents.id })
                .from(documents)
                .where(and(eq(documents.creatorUserId, users.id), documentScopeCondition(tx, scope))),
            ),
            text
              ? or(
                  containsIgnoreCase(users.firstName, text),
                  containsIgnoreCase(users.lastName, text),
                  containsIgnoreCase(fullNameOf, text),
                  containsIgnoreCase(users.emailAddress, text),
                )
              : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
        .limit(limit);
    },

    /** The lowest-id active service of the user's department (an employee's default filter), if any. */
    async findDepartmentDefaultServiceId(userId: number, tx = db): Promise<number | null> {
      const [row] = await tx
        .select({ id: services.id })
        .from(users)
        .innerJoin(services, eq(services.departmentId, users.departmentId))
        .where(and(eq(users.id, userId), eq(services.isActive, true)))
        .orderBy(asc(services.id))
        .limit(1);
      return row?.id ?? null;
    },
  };
}
