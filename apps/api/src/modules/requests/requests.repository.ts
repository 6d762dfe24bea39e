import { aliasedTable, and, asc, count, eq, gte, inArray, lt, lte, max, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  REQUEST_ITEM_STATUS,
  REQUEST_STATUS,
  type ListRequestsFilters,
  type RequestItemKind,
  type RequestItemStatus,
  type RequestStatus,
} from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  clientServices,
  clients,
  documents,
  requestItems,
  requestItemTags,
  requestReminders,
  requests,
  services,
  storedFiles,
  tags,
  users,
} from '../../db/schema/index.js';
import { containsIgnoreCase, orderByFromQuery, runPrepared } from '../../lib/list-query.js';
import { createVersionedCount } from '../../lib/versioned-count.js';
import { rowVersion } from '../../lib/row-version.js';
import { clientScopeCondition, type ClientScope } from '../clients/index.js';
import type { ReminderColumns } from './request-cadence.js';
import {
  requestIdInScope,
  requestScopeCondition,
  requestTargetInScope,
  type RequestIdInScope,
  type RequestScope,
  type RequestTargetInScope,
} from './request-scope.js';

/** The list's filters and page (the parsed query). */
export type RequestFilters = ListRequestsFilters;

export interface NewItemRow {
  title: string;
  description: string | null;
  kind: RequestItemKind;
  tagIds: number[];
}

const creators = aliasedTable(users, 'creators');
const submitters = aliasedTable(users, 'submitters');
const reviewers = aliasedTable(users, 'reviewers');

function personName(table: typeof users) {
  return sql<string | null>`${table.firstName} || ' ' || ${table.lastName}`;
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;

export function createRequestsRepository({ db }: { db: Db }) {
  const versionedCount = createVersionedCount(db, 'requests', new Set(['requests']));
  const itemCount =
    sql<number>`(select count(*) from ${requestItems} where ${requestItems.requestId} = ${requests.id})`.mapWith(
      Number,
    );
  const acceptedCount =
    sql<number>`(select count(*) from ${requestItems} where ${requestItems.requestId} = ${requests.id} and ${requestItems.status} = ${REQUEST_ITEM_STATUS.accepted})`.mapWith(
      Number,
    );
  const submittedCount =
    sql<number>`(select count(*) from ${requestItems} where ${requestItems.requestId} = ${requests.id} and ${requestItems.status} = ${REQUEST_ITEM_STATUS.submitted})`.mapWith(
      Number,
    );

  const columns = {
    id: requests.id,
    clientId: requests.clientId,
    clientName: clients.name,
    serviceId: requests.serviceId,
    serviceDisplayName: services.displayName,
    title: requests.title,
    description: requests.description,
    dueDate: requests.dueDate,
    status: requests.status,
    templateId: requests.templateId,
    creatorUserId: requests.creatorUserId,
    creatorName: personName(creators),
    createdAt: requests.createdAt,
    completedAt: requests.completedAt,
    cancelledAt: requests.cancelledAt,
    remindersEnabled: requests.remindersEnabled,
    reminderDaysBefore: requests.reminderDaysBefore,
    reminderOnDueDate: requests.reminderOnDueDate,
    reminderEveryDaysOverdue: requests.reminderEveryDaysOverdue,
    reminderMaxCount: requests.reminderMaxCount,
    version: rowVersion(requests),
    itemCount,
    acceptedCount,
    submittedCount,
  };

  const sortable = {
    dueDate: requests.dueDate,
    createdAt: requests.createdAt,
    title: sql`lower(${requests.title})`,
    client: sql`lower(${clients.name})`,
    status: requests.status,
  };

  function select(tx: DbOrTx) {
    return tx
      .select(columns)
      .from(requests)
      .innerJoin(clients, eq(clients.id, requests.clientId))
      .innerJoin(services, eq(services.id, requests.serviceId))
      .leftJoin(creators, eq(creators.id, requests.creatorUserId));
  }

  function where(tx: DbOrTx, scope: RequestScope, filters: RequestFilters, today: string): SQL | undefined {
    return and(
      requestScopeCondition(tx, scope),
      filters.clientId === undefined ? undefined : eq(requests.clientId, filters.clientId),
      filters.serviceId === undefined ? undefined : eq(requests.serviceId, filters.serviceId),
      filters.status === undefined ? undefined : eq(requests.status, filters.status),
      filters.dueFrom === undefined ? undefined : gte(requests.dueDate, filters.dueFrom),
      filters.dueTo === undefined ? undefined : lte(requests.dueDate, filters.dueTo),
      filters.overdue === undefined
        ? undefined
        : filters.overdue
          ? and(eq(requests.status, REQUEST_STATUS.open), lt(requests.dueDate, today))
          : sql`not (${requests.status} = ${REQUEST_STATUS.open} and ${requests.dueDate} < ${today})`,
      filters.createdByUserId === undefined ? undefined : eq(requests.creatorUserId, filters.createdByUserId),
      filters.search ? containsIgnoreCase(requests.title, filters.search) : undefined,
    );
  }

  return {
    async list(scope: RequestScope, filters: RequestFilters, today: string, tx: DbOrTx = db) {
      const condition = where(tx, scope, filters, today);
      const orderBy = orderByFromQuery(sortable, filters, { key: 'dueDate' }, requests.id);
      const [rows, totalCount] = await Promise.all([
        runPrepared(
          select(tx)
            .where(condition)
            .orderBy(...orderBy)
            .limit(filters.limit)
            .offset(filters.offset),
        ),
        // Neither a staff scope nor a filter reads the clients row (every request has one), so a staff
        // count reads requests alone: counted on their own indexes and kept under the requests list
        // version (migration 0045, ADR 0009). A client user's scope reads their people: made afresh.
        versionedCount(tx.select({ n: count() }).from(requests).where(condition), tx),
      ]);
      return { rows, totalCount };
    },

    /** One request within the scope; `forUpdate` locks it for a change of state (one at a time per request). */
    async find(scope: RequestScope, id: number, tx: DbOrTx = db, forUpdate = false) {
      const query = select(tx)
        .where(and(eq(requests.id, id), requestScopeCondition(tx, scope)))
        .limit(1);
      const [row] = forUpdate ? await query.for('update', { of: requests }) : await query;
      return row ? { ...row, id: requestIdInScope(row.id), status: row.status as RequestStatus } : undefined;
    },

    /** A client in the caller's client scope and one of its active services: where a new request may go. */
    async findTarget(
      clientId: number,
      serviceId: number,
      scope: ClientScope,
      tx: DbOrTx = db,
    ): Promise<{ target: RequestTargetInScope | null; clientFound: boolean }> {
      const [client] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), clientScopeCondition(tx, scope)))
        .limit(1);
      if (!client) return { target: null, clientFound: false };
      const [service] = await tx
        .select({ one: clientServices.serviceId })
        .from(clientServices)
        .innerJoin(services, eq(services.id, clientServices.serviceId))
        .where(
          and(
            eq(clientServices.clientId, clientId),
            eq(clientServices.serviceId, serviceId),
            eq(services.isActive, true),
          ),
        )
        .limit(1);
      return { target: service ? requestTargetInScope(clientId, serviceId) : null, clientFound: true };
    },

    async insert(
      target: RequestTargetInScope,
      values: {
        title: string;
        description: string | null;
        dueDate: string;
        creatorUserId: number | null;
        templateId: number | null;
        /** Left out: on, with the firm's cadence (the columns' defaults). */
        reminders?: ReminderColumns;
      },
      items: readonly NewItemRow[],
      tx: DbOrTx,
      schedule?: { scheduleId: number; period: string },
    ): Promise<RequestIdInScope | null> {
      const inserted = await tx
        .insert(requests)
        .values({
          clientId: target.clientId,
          serviceId: target.serviceId,
          title: values.title,
          description: values.description,
          dueDate: values.dueDate,
          creatorUserId: values.creatorUserId,
          templateId: values.templateId,
          ...values.reminders,
          scheduleId: schedule?.scheduleId ?? null,
          period: schedule?.period ?? null,
        })
        // A schedule's request for a client and period exists at most once (a rerun is a no-op).
        .onConflictDoNothing()
        .returning({ id: requests.id });
      const id = inserted[0]?.id;
      if (id === undefined) return null;
      const scoped = requestIdInScope(id);
      await insertItems(tx, scoped, items, 0);
      return scoped;
    },

    async update(
      id: RequestIdInScope,
      values: { title: string; description: string | null; dueDate: string; reminders?: ReminderColumns },
      tx: DbOrTx,
    ): Promise<void> {
      const { reminders, ...rest } = values;
      await tx
        .update(requests)
        .set({ ...rest, ...reminders, updatedAt: sql`now()` })
        .where(eq(requests.id, id));
    },

    /** How many reminders listed the request (one per person and firm day) and when the last went out. */
    async reminderStats(
      id: RequestIdInScope,
      tx: DbOrTx = db,
    ): Promise<{ sentCount: number; lastSentAt: Date | null }> {
      const [row] = await tx
        .select({ sentCount: count(), lastSentAt: max(requestReminders.createdAt) })
        .from(requestReminders)
        .where(eq(requestReminders.requestId, id));
      return { sentCount: row?.sentCount ?? 0, lastSentAt: row?.lastSentAt ?? null };
    },

    async setStatus(id: RequestIdInScope, status: RequestStatus, tx: DbOrTx): Promise<void> {
      await tx
        .update(requests)
        .set({
          status,
          updatedAt: sql`now()`,
          completedAt: status === REQUEST_STATUS.completed ? sql`now()` : null,
          cancelledAt: status === REQUEST_STATUS.cancelled ? sql`now()` : null,
        })
        .where(eq(requests.id, id));
    },

    /** The items of a request in order, with their tags, the people who acted on them and their files. */
    async items(id: RequestIdInScope, tx: DbOrTx = db) {
      const rows = await tx
        .select({
          id: requestItems.id,
          position: requestItems.position,
          title: requestItems.title,
          description: requestItems.description,
          kind: requestItems.kind,
          status: requestItems.status,
          answerEncrypted: requestItems.answerEncrypted,
          notApplicable: requestItems.notApplicable,
          notApplicableReason: requestItems.notApplicableReason,
          returnNote: requestItems.returnNote,
          submittedAt: requestItems.submittedAt,
          submittedByUserId: requestItems.submittedByUserId,
          submittedByName: personName(submitters),
          reviewedAt: requestItems.reviewedAt,
          reviewedByUserId: requestItems.reviewedByUserId,
          reviewedByName: personName(reviewers),
        })
        .from(requestItems)
        .leftJoin(submitters, eq(submitters.id, requestItems.submittedByUserId))
        .leftJoin(reviewers, eq(reviewers.id, requestItems.reviewedByUserId))
        .where(eq(requestItems.requestId, id))
        .orderBy(asc(requestItems.position));
      const itemIds = rows.map((row) => row.id);
      const [tagRows, documentRows] =
        itemIds.length === 0
          ? [[], []]
          : await Promise.all([
              tx
                .select({
                  itemId: requestItemTags.itemId,
                  id: tags.id,
                  displayName: tags.displayName,
                  tagGroupId: tags.tagGroupId,
                })
                .from(requestItemTags)
                .innerJoin(tags, eq(tags.id, requestItemTags.tagId))
                .where(inArray(requestItemTags.itemId, itemIds))
                .orderBy(asc(tags.tagGroupId), asc(tags.id)),
              tx
                .select({
                  itemId: documents.requestItemId,
                  id: documents.id,
                  displayName: documents.displayName,
                  fileName: storedFiles.fileName,
                  contentType: storedFiles.contentType,
                  size: storedFiles.size,
                  createdAt: documents.createdAt,
                })
                .from(documents)
                .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
                .where(inArray(documents.requestItemId, itemIds))
                .orderBy(asc(documents.createdAt), asc(documents.id)),
            ]);
      return rows.map((row) => ({
        ...row,
        kind: row.kind as RequestItemKind,
        status: row.status as RequestItemStatus,
        tags: tagRows.filter((tag) => tag.itemId === row.id),
        documents: documentRows.filter((document) => document.itemId === row.id),
      }));
    },

    /** Replaces the items of an open request: kept ones (by id) get their new text, order and tags. */
    async replaceItems(
      id: RequestIdInScope,
      items: ReadonlyArray<NewItemRow & { id?: number }>,
      tx: DbOrTx,
    ): Promise<void> {
      const kept = items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
      await tx
        .delete(requestItems)
        .where(and(eq(requestItems.requestId, id), kept.length === 0 ? undefined : notInArray(requestItems.id, kept)));
      // Positions are unique per request: move the kept ones out of the way before renumbering.
      await tx
        .update(requestItems)
        .set({ position: sql`-1 - ${requestItems.position}` })
        .where(eq(requestItems.requestId, id));
      for (const [index, item] of items.entries()) {
        if (item.id === undefined) continue;
        await tx
          .update(requestItems)
          .set({ position: index, title: item.title, description: item.description, kind: item.kind })
          .where(and(eq(requestItems.id, item.id), eq(requestItems.requestId, id)));
        await tx.delete(requestItemTags).where(eq(requestItemTags.itemId, item.id));
        if (item.tagIds.length > 0) {
          await tx.insert(requestItemTags).values(item.tagIds.map((tagId) => ({ itemId: item.id!, tagId })));
        }
      }
      for (const [index, item] of items.entries()) {
        if (item.id !== undefined) continue;
        await insertItems(tx, id, [item], index);
      }
    },

    /** Moves an item to a new state; `from` guards against a concurrent change (0 rows: it was not in it). */
    async updateItem(
      id: RequestIdInScope,
      itemId: number,
      from: readonly RequestItemStatus[],
      values: Partial<
        Pick<
          typeof requestItems.$inferInsert,
          | 'status'
          | 'answerEncrypted'
          | 'notApplicable'
          | 'notApplicableReason'
          | 'returnNote'
          | 'submittedAt'
          | 'submittedByUserId'
          | 'reviewedAt'
          | 'reviewedByUserId'
        >
      >,
      tx: DbOrTx,
    ): Promise<boolean> {
      const changed = await tx
        .update(requestItems)
        .set(values)
        .where(
          and(eq(requestItems.id, itemId), eq(requestItems.requestId, id), inArray(requestItems.status, [...from])),
        )
        .returning({ id: requestItems.id });
      // The request's version covers its items: a response or a review moves it (ETag, If-Match).
      if (changed.length > 0)
        await tx
          .update(requests)
          .set({ updatedAt: sql`now()` })
          .where(eq(requests.id, id));
      return changed.length > 0;
    },

    /** The items waiting on the client (requested or returned) of the open requests in scope, soonest due first. */
    async itemsAwaitingClient(scope: RequestScope, tx: DbOrTx = db) {
      return tx
        .select({
          requestId: requests.id,
          requestTitle: requests.title,
          dueDate: requests.dueDate,
          itemId: requestItems.id,
          itemTitle: requestItems.title,
          status: requestItems.status,
          returnNote: requestItems.returnNote,
        })
        .from(requests)
        .innerJoin(requestItems, eq(requestItems.requestId, requests.id))
        .where(
          and(
            requestScopeCondition(tx, scope),
            eq(requests.status, REQUEST_STATUS.open),
            inArray(requestItems.status, [REQUEST_ITEM_STATUS.requested, REQUEST_ITEM_STATUS.returned]),
          ),
        )
        .orderBy(asc(requests.dueDate), asc(requests.id), asc(requestItems.position));
    },

    /** Whether every item is accepted (as submitted or as not applicable). */
    async allItemsAccepted(id: RequestIdInScope, tx: DbOrTx): Promise<boolean> {
      const [row] = await tx
        .select({ open: count() })
        .from(requestItems)
        .where(and(eq(requestItems.requestId, id), sql`${requestItems.status} <> ${REQUEST_ITEM_STATUS.accepted}`));
      return (row?.open ?? 0) === 0;
    },
  };

  async function insertItems(tx: DbOrTx, id: RequestIdInScope, items: readonly NewItemRow[], firstPosition: number) {
    for (const [offset, item] of items.entries()) {
      const [row] = await tx
        .insert(requestItems)
        .values({
          requestId: id,
          position: firstPosition + offset,
          title: item.title,
          description: item.description,
          kind: item.kind,
        })
        .returning({ id: requestItems.id });
      if (item.tagIds.length > 0) {
        await tx.insert(requestItemTags).values(item.tagIds.map((tagId) => ({ itemId: row!.id, tagId })));
      }
    }
  }
}
