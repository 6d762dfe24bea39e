import {
  DOCUMENT_SORT_KEYS,
  DOCUMENT_TYPE,
  ERROR_CODE,
  ROLE_NAME,
  hasPermission,
  validateTagSelection,
  type ChangeDocumentStatusInput,
  type DocumentCommentDto,
  type DocumentCountsDto,
  type DocumentDefaultFiltersDto,
  type DocumentDetailsDto,
  type DocumentList,
  type DocumentListItemDto,
  type DocumentTagGroupOption,
  type DocumentType,
  type DropdownOption,
  type EditDocumentInput,
  type InsertDocumentCommentInput,
  type ListDocumentsQuery,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import type { RequestContext } from '../../lib/request-context.js';
import { assertCurrentVersion, assertCurrentVersions } from '../../lib/row-version.js';
import { DELETE_BLOB_JOB } from '../../lib/storage/index.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import { documentScopeOf, documentTypeFor, type DocumentScope } from './document-scope.js';
import type {
  DocumentListFilters,
  DocumentListSort,
  DocumentRow,
  DocumentsRepository,
} from './documents.repository.js';

/** The uploaded-by remote search answers at most this many people. */
export const UPLOADER_OPTIONS_LIMIT = 20;

export const DOCUMENT_PERMISSION = {
  myUploadList: 'my-upload:list',
  myUploadEdit: 'my-upload:edit',
  myUploadDelete: 'my-upload:delete',
  receivedList: 'received:list',
  receivedEdit: 'received:edit',
  receivedDelete: 'received:delete',
  receivedChangeStatus: 'received:change-status',
} as const;

const SORT_KEY = new Map<string, (typeof DOCUMENT_SORT_KEYS)[number]>(
  DOCUMENT_SORT_KEYS.map((key) => [key.toLowerCase(), key]),
);

const notFound = () => new NotFoundError('Document not found.');

function invalid(field: string, message: string, extra: Record<string, unknown> = {}): BadRequestError {
  return new BadRequestError('The request is not valid.', ERROR_CODE.validation, [
    { in: 'body', field, message, ...extra },
  ]);
}

/** M-D-YYYY to midnight UTC of that day; a day that does not exist (2-30-2026) is refused. */
function dayStart(value: string, field: string): Date {
  const [month, day, year] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new BadRequestError('The request is not valid.', ERROR_CODE.validation, [
      { in: 'querystring', field, message: 'INVALID_DATE' },
    ]);
  }
  return date;
}

const nextDay = (date: Date) => new Date(date.getTime() + 24 * 60 * 60 * 1000);

export type DocumentsService = ReturnType<typeof createDocumentsService>;

export function createDocumentsService(deps: {
  db: Db;
  documents: DocumentsRepository;
  audit: AuditLog;
  queue: JobQueue;
}) {
  const { db, documents, audit, queue } = deps;

  async function filtersOf(query: ListDocumentsQuery, scope: DocumentScope, type: DocumentType) {
    const filters: DocumentListFilters = {
      scope,
      side: type,
      // A client user always sees their current client (the scope); the parameter is for staff.
      clientId: scope.isClient ? undefined : query.clientId,
      displayName: query.displayName,
      serviceId: query.serviceId,
      status: query.status,
      creatorUserId: query.creatorUserId,
      createdFrom: query.creationTimeFrom ? dayStart(query.creationTimeFrom, 'creationTimeFrom') : undefined,
      createdBefore: query.creationTimeTo ? nextDay(dayStart(query.creationTimeTo, 'creationTimeTo')) : undefined,
    };
    if (query.tags && query.tags.length > 0) {
      const known = await documents.findTagGroupIds([...new Set(query.tags)]);
      const byGroup = new Map<number, number[]>();
      for (const tag of known) byGroup.set(tag.tagGroupId, [...(byGroup.get(tag.tagGroupId) ?? []), tag.id]);
      // A tag that does not exist is a group of its own nothing carries: the filter matches nothing.
      const unknown = query.tags.filter((id) => !known.some((tag) => tag.id === id));
      filters.tagsByGroup = [...byGroup.values(), ...(unknown.length > 0 ? [unknown] : [])];
    }
    return filters;
  }

  const sortOf = (query: ListDocumentsQuery): DocumentListSort => ({
    sortedBy: query.sortedBy ? SORT_KEY.get(query.sortedBy.toLowerCase()) : undefined,
    sortedDesc: query.sortedDesc,
  });

  async function toItems(rows: DocumentRow[], scope: DocumentScope, tx: DbOrTx = db) {
    const tagRows = await documents.findTags(
      rows.map((row) => row.id),
      tx,
    );
    return rows.map((row) => ({
      id: row.id,
      version: row.version,
      displayName: row.displayName,
      clientId: row.clientId,
      client: row.clientName,
      serviceId: row.serviceId,
      service: { displayName: row.serviceDisplayName, color: row.serviceColor },
      tags: tagRows
        .filter((tag) => tag.documentId === row.id)
        .map((tag) => ({
          id: tag.id,
          displayName: tag.displayName,
          tagGroup: {
            id: tag.tagGroupId,
            displayName: tag.tagGroupDisplayName,
            color: tag.tagGroupColor,
            isMainTagGroup: tag.isMainTagGroup,
          },
        })),
      description: row.description,
      status: row.status,
      creationTime: row.createdAt.toISOString(),
      creatorUser: { id: row.creatorUserId, fullName: row.creatorFullName },
      numberOfComments: row.numberOfComments,
      type: documentTypeFor(scope, row.uploadedByClientSide),
      fileName: row.fileName,
      contentType: row.contentType,
      size: row.size,
    })) satisfies DocumentListItemDto[];
  }

  async function toDetails(row: DocumentRow, scope: DocumentScope, tx: DbOrTx = db): Promise<DocumentDetailsDto> {
    const [item] = await toItems([row], scope, tx);
    return { ...item!, uploadedOnBehalfOfClient: row.uploadedOnBehalfOfClient, sha256: row.sha256 };
  }

  /** A document the scope sees (on `type`'s side when given), or 404. */
  async function loadVisible(id: number, scope: DocumentScope, type?: DocumentType, tx: DbOrTx = db) {
    const row = await documents.findOne(id, scope, type, tx);
    if (!row) throw notFound();
    return row;
  }

  /** Locks every id on the side, or answers 404 before anything changes when one is not visible. */
  async function lockAllVisible(tx: DbOrTx, scope: DocumentScope, ids: readonly number[], type: DocumentType) {
    const locked = await documents.lockForChange(ids, scope, type, tx);
    if (locked.length !== ids.length) throw notFound();
    return locked;
  }

  async function tagRuleGroups(alsoTagIds: number[] = []): Promise<DocumentTagGroupOption[]> {
    const [groups, tagRows] = await Promise.all([documents.findTagGroups(), documents.findPickableTags(alsoTagIds)]);
    return groups.map((group) => ({
      id: group.id,
      displayName: group.displayName,
      color: group.color.toUpperCase(),
      isMainTagGroup: group.isMainTagGroup,
      tags: tagRows.filter((tag) => tag.tagGroupId === group.id),
    }));
  }

  const commentDto = (row: Awaited<ReturnType<DocumentsRepository['findComments']>>[number]): DocumentCommentDto => ({
    id: row.id,
    commentText: row.commentText,
    creationTime: row.createdAt.toISOString(),
    creatorUser: {
      id: row.creatorUserId,
      fullName: `${row.firstName} ${row.lastName}`,
      firstName: row.firstName,
      lastName: row.lastName,
    },
  });

  return {
    async list(query: ListDocumentsQuery, type: DocumentType, caller: Principal): Promise<DocumentList> {
      const scope = documentScopeOf(caller);
      const filters = await filtersOf(query, scope, type);
      // The page's tags are read as soon as the page arrives, while the count (the list version, then
      // counting unless it is kept) is still on its way: the request waits for the longer of the two
      // chains instead of for both and then the tags.
      const [items, totalCount] = await Promise.all([
        documents
          .findPage(filters, sortOf(query), { limit: query.limit, offset: query.offset })
          .then((rows) => toItems(rows, scope)),
        documents.count(filters),
      ]);
      return { items, totalCount };
    },

    async details(id: number, caller: Principal, context: RequestContext): Promise<DocumentDetailsDto> {
      const scope = documentScopeOf(caller);
      const row = await loadVisible(id, scope);
      await audit.record(context, {
        action: AUDIT_ACTION.documentViewed,
        actorUserId: caller.userId,
        objectType: 'document',
        objectId: id,
        clientId: row.clientId,
      });
      return toDetails(row, scope);
    },

    async edit(
      id: number,
      type: DocumentType,
      input: EditDocumentInput,
      caller: Principal,
      context: RequestContext,
      expected: string[] | null = null,
    ): Promise<DocumentDetailsDto> {
      const scope = documentScopeOf(caller);
      const existing = await loadVisible(id, scope, type);
      const filing = await documents.findFilingTarget(input.clientId, input.serviceId, scope);
      if (!filing) throw notFound();
      if (!(await documents.isActiveServiceOfClient(filing))) {
        throw invalid('serviceId', 'SERVICE_NOT_AVAILABLE');
      }
      const tagIds = [...new Set(input.tags)];
      const currentTagIds = await documents.findTagIdsOf(existing.id);
      const problems = validateTagSelection(await tagRuleGroups(currentTagIds), input.serviceId, tagIds);
      if (problems.length > 0) {
        throw new BadRequestError(
          'The tags are not valid for this service.',
          ERROR_CODE.validation,
          problems.map((problem) => ({ in: 'body', field: 'tags', message: problem.code, ...problem })),
        );
      }

      const sameTags = tagIds.length === currentTagIds.length && tagIds.every((tagId) => currentTagIds.includes(tagId));
      const changed = [
        input.displayName !== existing.displayName && 'displayName',
        input.clientId !== existing.clientId && 'clientId',
        input.serviceId !== existing.serviceId && 'serviceId',
        input.description !== existing.description && 'description',
        !sameTags && 'tags',
      ].filter((field): field is string => Boolean(field));

      return db.transaction(async (tx) => {
        const [locked] = await lockAllVisible(tx, scope, [existing.id], type);
        await assertCurrentVersion(tx, {
          current: locked!.version,
          expected,
          objectType: 'document',
          objectId: existing.id,
        });
        await documents.update(
          existing.id,
          filing,
          { displayName: input.displayName, description: input.description },
          tagIds,
          tx,
        );
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.documentUpdated,
            actorUserId: caller.userId,
            objectType: 'document',
            objectId: id,
            clientId: input.clientId,
            // Field names only: the audit trail is not a second copy of the documents' contents.
            details: { changed, ...(existing.clientId === input.clientId ? {} : { fromClientId: existing.clientId }) },
          },
          tx,
        );
        const row = await documents.findOne(id, scope, undefined, tx);
        return toDetails(row!, scope, tx);
      });
    },

    /**
     * The rows and their file rows go in one transaction with one blob-deletion job per file, so
     * the blobs are removed exactly when the deletion commits (and never while it could roll back).
     */
    async delete(
      ids: number[],
      type: DocumentType,
      caller: Principal,
      context: RequestContext,
      versions?: string[],
    ): Promise<void> {
      const scope = documentScopeOf(caller);
      await db.transaction(async (tx) => {
        const locked = await lockAllVisible(tx, scope, ids, type);
        await assertCurrentVersions(tx, { ids, versions, locked, objectType: 'document' });
        await documents.delete(
          locked.map((row) => row.id),
          locked.map((row) => row.fileId),
          tx,
        );
        for (const row of locked) {
          await queue.enqueue(DELETE_BLOB_JOB, { storageKey: row.storageKey }, { tx });
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.documentDeleted,
              actorUserId: caller.userId,
              objectType: 'document',
              objectId: row.id,
              clientId: row.clientId,
            },
            tx,
          );
        }
      });
    },

    async changeStatus(input: ChangeDocumentStatusInput, caller: Principal, context: RequestContext): Promise<void> {
      const scope = documentScopeOf(caller);
      await db.transaction(async (tx) => {
        const locked = await lockAllVisible(tx, scope, input.documentIds, DOCUMENT_TYPE.received);
        await assertCurrentVersions(tx, {
          ids: input.documentIds,
          versions: input.versions,
          locked,
          objectType: 'document',
        });
        const lockedIds = locked.map((row) => row.id);
        await documents.setStatus(lockedIds, input.status, tx);
        if (input.commentText) await documents.insertComments(lockedIds, input.commentText, caller.userId, tx);
        for (const row of locked) {
          await audit.record(
            context,
            {
              action: AUDIT_ACTION.documentStatusChanged,
              actorUserId: caller.userId,
              objectType: 'document',
              objectId: row.id,
              clientId: row.clientId,
              details: { from: row.status, to: input.status, withComment: Boolean(input.commentText) },
            },
            tx,
          );
        }
      });
    },

    async comments(id: number, caller: Principal): Promise<DocumentCommentDto[]> {
      const scope = documentScopeOf(caller);
      const document = await loadVisible(id, scope);
      const rows = await documents.findComments(document.id);
      return rows.map(commentDto);
    },

    async addComment(
      id: number,
      input: InsertDocumentCommentInput,
      caller: Principal,
      context: RequestContext,
    ): Promise<DocumentCommentDto> {
      if (input.documentId !== undefined && input.documentId !== id) {
        throw invalid('documentId', 'DOES_NOT_MATCH_PATH');
      }
      const scope = documentScopeOf(caller);
      const document = await loadVisible(id, scope);
      return db.transaction(async (tx) => {
        const [inserted] = await documents.insertComments([document.id], input.commentText, caller.userId, tx);
        await audit.record(
          context,
          {
            action: AUDIT_ACTION.documentCommented,
            actorUserId: caller.userId,
            objectType: 'document',
            objectId: id,
            clientId: document.clientId,
            details: { commentId: inserted!.id },
          },
          tx,
        );
        const [row] = await documents.findComments(document.id, inserted!.id, tx);
        return commentDto(row!);
      });
    },

    async uploaders(text: string | undefined, caller: Principal): Promise<DropdownOption[]> {
      const scope = documentScopeOf(caller);
      const rows = await documents.findUploaders(scope, text, UPLOADER_OPTIONS_LIMIT);
      // Name and e-mail, as the owner picker: two users of one name are told apart.
      return rows.map((row) => ({ value: String(row.id), displayText: `${row.fullName} (${row.emailAddress})` }));
    },

    async defaultFilters(caller: Principal): Promise<DocumentDefaultFiltersDto> {
      if (!caller.roles.includes(ROLE_NAME.employee)) return { serviceId: null };
      return { serviceId: await documents.findDepartmentDefaultServiceId(caller.userId) };
    },

    async counts(caller: Principal): Promise<DocumentCountsDto> {
      const scope = documentScopeOf(caller);
      const countOf = (type: DocumentType, permission: string) =>
        hasPermission(caller.permissions, permission) ? documents.count({ scope, side: type }) : Promise.resolve(0);
      const [myUploads, received] = await Promise.all([
        countOf(DOCUMENT_TYPE.myUpload, DOCUMENT_PERMISSION.myUploadList),
        countOf(DOCUMENT_TYPE.received, DOCUMENT_PERMISSION.receivedList),
      ]);
      return { myUploads, received };
    },

    tagGroups: () => tagRuleGroups(),
  };
}
