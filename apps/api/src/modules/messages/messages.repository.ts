import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  max,
  not,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { ROLE_NAME, type ConversationListQuery, type ConversationStatus } from '@ledgerport/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { newestFirst, runPrepared } from '../../lib/list-query.js';
import { createVersionedCount } from '../../lib/versioned-count.js';
import {
  clientCollaboratorServices,
  clients,
  clientServices,
  conversationMessageAttachments,
  conversationMessages,
  conversationReads,
  conversations,
  documents,
  firmSettings,
  rolePermissions,
  roles,
  services,
  storedFiles,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { rowVersion } from '../../lib/row-version.js';
import { activeCollaboratorWithGrant, clientScopeCondition, type ClientScope } from '../clients/index.js';
import {
  conversationIdInScope,
  conversationScopeCondition,
  conversationTargetInScope,
  visibleMessageCondition,
  type ConversationIdInScope,
  type ConversationScope,
  type ConversationTargetInScope,
} from './conversation-scope.js';

const assignees = aliasedTable(users, 'assignees');
const authors = aliasedTable(users, 'authors');

/** Whether the user in `userId` holds no client role: the firm's side. */
function isStaffUser(db: DbOrTx, userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`not ${exists(
    db
      .select({ one: userRoles.userId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(sql`${userRoles.userId} = ${userId}`, eq(roles.name, ROLE_NAME.client))),
  )}`;
}

/** The text a message's search vector is made of; the subject goes into a conversation's first message only. */
function searchVector(text: string, subject: string | null): SQL {
  const body = sql`to_tsvector('english', ${text})`;
  return subject === null ? body : sql`setweight(to_tsvector('english', ${subject}), 'A') || ${body}`;
}

export interface NewMessageRow {
  authorUserId: number;
  isInternalNote: boolean;
  htmlEncrypted: string;
  /** The plain text with its digits removed (message-text.ts `searchableText`). */
  searchText: string;
  /** The conversation's subject, digit-free, for its first message; null for a reply. */
  searchSubject: string | null;
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
export type ConversationRow = NonNullable<Awaited<ReturnType<MessagesRepository['find']>>>;
export type MessageRow = Awaited<ReturnType<MessagesRepository['messages']>>['rows'][number];

export function createMessagesRepository({ db }: { db: Db }) {
  /** The caller's read mark in the conversation of the outer query (0: never read). */
  function readMarkOf(scope: ConversationScope): SQL {
    return sql`coalesce((select ${conversationReads.lastReadMessageId} from ${conversationReads} where ${conversationReads.conversationId} = ${conversations.id} and ${conversationReads.userId} = ${scope.userId}), 0)`;
  }

  /** Messages of the outer query's conversation the caller may see, did not write and has not read. */
  function unreadMessages(scope: ConversationScope): SQL | undefined {
    return and(
      eq(conversationMessages.conversationId, conversations.id),
      visibleMessageCondition(scope),
      sql`${conversationMessages.authorUserId} is distinct from ${scope.userId}`,
      sql`${conversationMessages.id} > ${readMarkOf(scope)}`,
    );
  }

  /**
   * Whether the outer query's conversation has a message the caller has not read: the newest they may
   * see is past their read mark. The same test as `unreadMessages` without reading the messages
   * (sending moves the sender's mark past their own message), written as an anti-join so the inbox's
   * count over every conversation is one pass over the caller's read marks (issue 26).
   */
  function hasUnread(tx: DbOrTx, scope: ConversationScope): SQL {
    const newest = scope.isClient ? conversations.lastClientVisibleMessageId : conversations.lastMessageId;
    return and(
      isNotNull(newest),
      not(
        exists(
          tx
            .select({ one: conversationReads.conversationId })
            .from(conversationReads)
            .where(
              and(
                eq(conversationReads.conversationId, conversations.id),
                eq(conversationReads.userId, scope.userId),
                sql`${conversationReads.lastReadMessageId} >= ${newest}`,
              ),
            ),
        ),
      ),
    )!;
  }

  /** Client users sort and see activity by what they can see: an internal note is no activity of theirs. */
  function activityOf(scope: ConversationScope) {
    return scope.isClient ? conversations.lastClientVisibleAt : conversations.lastActivityAt;
  }

  function columns(scope: ConversationScope) {
    return {
      id: conversations.id,
      clientId: conversations.clientId,
      clientName: clients.name,
      subjectEncrypted: conversations.subjectEncrypted,
      subjectInClear: conversations.subject,
      status: conversations.status,
      assigneeUserId: conversations.assigneeUserId,
      assigneeFirstName: assignees.firstName,
      assigneeLastName: assignees.lastName,
      lastActivityAt: activityOf(scope),
      // The row's version moves with an internal note too (its activity): a client's people get one
      // made of what they can see, so a note's existence does not show in it. They never save a
      // conversation, so it is never sent back as If-Match.
      version: scope.isClient
        ? sql<string>`md5(concat_ws('|', ${conversations.status}, ${conversations.assigneeUserId}, ${conversations.lastClientVisibleAt}))`
        : rowVersion(conversations),
      unreadCount: sql<number>`(select count(*) from ${conversationMessages} where ${unreadMessages(scope)})`.mapWith(
        Number,
      ),
      lastMessageHtmlEncrypted: sql<
        string | null
      >`(select ${conversationMessages.htmlEncrypted} from ${conversationMessages} where ${and(eq(conversationMessages.conversationId, conversations.id), visibleMessageCondition(scope))} order by ${conversationMessages.id} desc limit 1)`,
    };
  }

  /**
   * The inbox's counts are kept under the conversations list version (migration 0045, ADR 0009):
   * a staff member's reads conversations and their own read marks alone. A client user's reads their
   * client's people too, and is always made afresh.
   */
  const versionedCount = createVersionedCount(db, 'conversations', new Set(['conversations', 'conversation_reads']));

  function unreadOf(scope: ConversationScope, tx: DbOrTx): Promise<number> {
    return versionedCount(
      tx
        .select({ n: count() })
        .from(conversations)
        .where(and(conversationScopeCondition(tx, scope), hasUnread(tx, scope))),
      tx,
    );
  }

  function select(tx: DbOrTx, scope: ConversationScope) {
    return tx
      .select(columns(scope))
      .from(conversations)
      .innerJoin(clients, eq(clients.id, conversations.clientId))
      .leftJoin(assignees, eq(assignees.id, conversations.assigneeUserId));
  }

  return {
    /** The inbox: the caller's conversations by last activity, newest first, with the count of those unread. */
    async list(
      scope: ConversationScope,
      filters: Omit<ConversationListQuery, 'unread'> & { unread?: boolean },
      tx: DbOrTx = db,
    ) {
      const visible = conversationScopeCondition(tx, scope);
      const condition = and(
        visible,
        filters.assigned === 'me' ? eq(conversations.assigneeUserId, scope.userId) : undefined,
        filters.assigned === 'unassigned' ? isNull(conversations.assigneeUserId) : undefined,
        filters.clientId === undefined ? undefined : eq(conversations.clientId, filters.clientId),
        filters.status === undefined ? undefined : eq(conversations.status, filters.status),
        filters.unread === undefined ? undefined : filters.unread ? hasUnread(tx, scope) : not(hasUnread(tx, scope)),
      );
      const [rows, totalCount, unreadConversations] = await Promise.all([
        runPrepared(
          select(tx, scope)
            .where(condition)
            .orderBy(...newestFirst(activityOf(scope), conversations.id))
            .limit(filters.limit)
            .offset(filters.offset),
        ),
        versionedCount(tx.select({ n: count() }).from(conversations).where(condition), tx),
        unreadOf(scope, tx),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, id: conversationIdInScope(row.id) })),
        totalCount,
        unreadConversations,
      };
    },

    /** The number of the caller's conversations with something unread (the sidebar's count). */
    unreadConversations(scope: ConversationScope, tx: DbOrTx = db): Promise<number> {
      return unreadOf(scope, tx);
    },

    async find(scope: ConversationScope, id: number, tx: DbOrTx = db) {
      const [row] = await select(tx, scope)
        .where(and(eq(conversations.id, id), conversationScopeCondition(tx, scope)))
        .limit(1);
      return row ? { ...row, id: conversationIdInScope(row.id) } : undefined;
    },

    /**
     * Locks the conversation within the scope for a change (one at a time per conversation) and
     * answers its current version; undefined outside the scope.
     */
    async lock(scope: ConversationScope, id: number, tx: DbOrTx) {
      const [row] = await tx
        .select({ id: conversations.id, clientId: conversations.clientId, version: rowVersion(conversations) })
        .from(conversations)
        .where(and(eq(conversations.id, id), conversationScopeCondition(tx, scope)))
        .for('update');
      return row ? { ...row, id: conversationIdInScope(row.id) } : undefined;
    },

    /**
     * The people of each conversation: who wrote in it (what the scope may see of it), who read it,
     * and the assignee, with when each last saw it.
     */
    async participants(
      scope: ConversationScope,
      conversationsSeen: ReadonlyArray<{ id: ConversationIdInScope; assigneeUserId: number | null }>,
      tx: DbOrTx = db,
    ) {
      if (conversationsSeen.length === 0) return [];
      const ids = conversationsSeen.map((conversation) => conversation.id);
      const [writers, readers] = await Promise.all([
        tx
          .selectDistinct({
            conversationId: conversationMessages.conversationId,
            userId: conversationMessages.authorUserId,
          })
          .from(conversationMessages)
          .where(
            and(
              inArray(conversationMessages.conversationId, ids),
              isNotNull(conversationMessages.authorUserId),
              visibleMessageCondition(scope),
            ),
          ),
        tx
          .select({
            conversationId: conversationReads.conversationId,
            userId: conversationReads.userId,
            // For a client's people, when the newest message they may see that a person read was
            // written, not when they read: a staff member's read mark moves when they write or
            // read an internal note, and its time would tell the client one was written.
            seenAt: scope.isClient
              ? sql<Date | null>`(${tx
                  .select({ at: max(conversationMessages.createdAt) })
                  .from(conversationMessages)
                  .where(
                    and(
                      eq(conversationMessages.conversationId, conversationReads.conversationId),
                      lte(conversationMessages.id, conversationReads.lastReadMessageId),
                      not(conversationMessages.isInternalNote),
                    ),
                  )})`.mapWith(conversationReads.seenAt)
              : conversationReads.seenAt,
          })
          .from(conversationReads)
          .where(inArray(conversationReads.conversationId, ids)),
      ]);
      const byConversation = new Map<number, Set<number>>(ids.map((id) => [id, new Set<number>()]));
      for (const { conversationId, userId } of [...writers, ...readers]) {
        if (userId !== null) byConversation.get(conversationId)?.add(userId);
      }
      for (const { id, assigneeUserId } of conversationsSeen) {
        if (assigneeUserId !== null) byConversation.get(id)?.add(assigneeUserId);
      }
      const userIds = [...new Set([...byConversation.values()].flatMap((set) => [...set]))];
      const people =
        userIds.length === 0
          ? []
          : await tx
              .select({
                id: users.id,
                firstName: users.firstName,
                lastName: users.lastName,
                isStaff: isStaffUser(tx, users.id),
              })
              .from(users)
              .where(inArray(users.id, userIds));
      const personOf = new Map(people.map((person) => [person.id, person]));
      const seenAt = new Map(readers.map((read) => [`${read.conversationId}:${read.userId}`, read.seenAt]));
      return [...byConversation].flatMap(([conversationId, members]) =>
        [...members].flatMap((userId) => {
          const person = personOf.get(userId);
          if (!person) return [];
          return [
            {
              conversationId,
              userId,
              name: `${person.firstName} ${person.lastName}`.trim(),
              isStaff: person.isStaff,
              seenAt: seenAt.get(`${conversationId}:${userId}`) ?? null,
            },
          ];
        }),
      );
    },

    /** A page of the conversation's messages the scope may see, newest first; one more than asked says there are older ones. */
    async messages(
      scope: ConversationScope,
      conversationId: ConversationIdInScope,
      page: { before?: number; limit: number },
      tx: DbOrTx = db,
    ) {
      const rows = await tx
        .select({
          id: conversationMessages.id,
          conversationId: conversationMessages.conversationId,
          authorUserId: conversationMessages.authorUserId,
          authorFirstName: authors.firstName,
          authorLastName: authors.lastName,
          authorIsStaff: isStaffUser(tx, conversationMessages.authorUserId),
          isInternalNote: conversationMessages.isInternalNote,
          htmlEncrypted: conversationMessages.htmlEncrypted,
          createdAt: conversationMessages.createdAt,
          editedAt: conversationMessages.editedAt,
          version: rowVersion(conversationMessages),
        })
        .from(conversationMessages)
        .leftJoin(authors, eq(authors.id, conversationMessages.authorUserId))
        .where(
          and(
            eq(conversationMessages.conversationId, conversationId),
            visibleMessageCondition(scope),
            page.before === undefined ? undefined : lt(conversationMessages.id, page.before),
          ),
        )
        .orderBy(desc(conversationMessages.id))
        .limit(page.limit + 1);
      return { rows: rows.slice(0, page.limit), hasOlder: rows.length > page.limit };
    },

    /** One message of the conversation the scope may see; `forUpdate` locks it for an edit. */
    async findMessage(
      scope: ConversationScope,
      conversationId: ConversationIdInScope,
      messageId: number,
      tx: DbOrTx = db,
      forUpdate = false,
    ) {
      const query = tx
        .select({
          id: conversationMessages.id,
          authorUserId: conversationMessages.authorUserId,
          isInternalNote: conversationMessages.isInternalNote,
          htmlEncrypted: conversationMessages.htmlEncrypted,
          createdAt: conversationMessages.createdAt,
          version: rowVersion(conversationMessages),
          isFirst: sql<boolean>`not exists (select 1 from ${conversationMessages} earlier where earlier.conversation_id = ${conversationMessages.conversationId} and earlier.id < ${conversationMessages.id})`,
        })
        .from(conversationMessages)
        .where(
          and(
            eq(conversationMessages.conversationId, conversationId),
            eq(conversationMessages.id, messageId),
            visibleMessageCondition(scope),
          ),
        );
      const [row] = forUpdate ? await query.for('update') : await query;
      return row;
    },

    /** The files of these messages the scope may see (a collaborator: those of the services granted). */
    async attachments(scope: ConversationScope, messageIds: readonly number[], tx: DbOrTx = db) {
      if (messageIds.length === 0) return [];
      const grantRule =
        scope.isClient && scope.currentClientId !== null
          ? or(
              exists(
                tx
                  .select({ one: clients.id })
                  .from(clients)
                  .where(and(eq(clients.id, documents.clientId), eq(clients.ownerUserId, scope.userId))),
              ),
              activeCollaboratorWithGrant(
                tx,
                documents.clientId,
                scope.userId,
                eq(clientCollaboratorServices.serviceId, documents.serviceId),
              ),
            )
          : undefined;
      return tx
        .select({
          messageId: conversationMessageAttachments.messageId,
          documentId: documents.id,
          name: documents.displayName,
          size: storedFiles.size,
        })
        .from(conversationMessageAttachments)
        .innerJoin(documents, eq(documents.id, conversationMessageAttachments.documentId))
        .innerJoin(storedFiles, eq(storedFiles.id, documents.fileId))
        .where(and(inArray(conversationMessageAttachments.messageId, [...messageIds]), grantRule))
        .orderBy(conversationMessageAttachments.messageId, documents.id);
    },

    /** The clients among `ids` the caller may see: where a conversation may be started. */
    async clientsInScope(
      scope: ClientScope,
      ids: readonly number[],
      tx: DbOrTx = db,
    ): Promise<ConversationTargetInScope[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(inArray(clients.id, [...ids]), clientScopeCondition(tx, scope)));
      return rows.map((row) => conversationTargetInScope(row.id));
    },

    async insertConversation(
      clientId: ConversationTargetInScope,
      values: { subjectEncrypted: string; createdByUserId: number },
      tx: DbOrTx,
    ): Promise<ConversationIdInScope> {
      const [row] = await tx
        .insert(conversations)
        .values({
          clientId,
          subjectEncrypted: values.subjectEncrypted,
          // For one release: a process of the previous version reads this column and expects text
          // (it shows an empty subject rather than failing). Never the subject itself.
          subject: '',
          createdByUserId: values.createdByUserId,
        })
        .returning({ id: conversations.id });
      return conversationIdInScope(row!.id);
    },

    async insertMessage(conversationId: ConversationIdInScope, values: NewMessageRow, tx: DbOrTx): Promise<number> {
      const [row] = await tx
        .insert(conversationMessages)
        .values({
          conversationId,
          authorUserId: values.authorUserId,
          isInternalNote: values.isInternalNote,
          htmlEncrypted: values.htmlEncrypted,
          searchVector: searchVector(values.searchText, values.searchSubject) as unknown as string,
        })
        .returning({ id: conversationMessages.id });
      return row!.id;
    },

    /**
     * A new message's files, filed as documents of its conversation's client in the same transaction.
     * @unscoped links rows just written by the send within the conversation's scope (message and documents)
     */
    async linkAttachments(messageId: number, documentIds: readonly number[], tx: DbOrTx): Promise<void> {
      if (documentIds.length === 0) return;
      await tx
        .insert(conversationMessageAttachments)
        .values(documentIds.map((documentId) => ({ messageId, documentId })));
    },

    /** A new message's mark on its conversation: its activity, and a client's message reopens it. */
    async touch(
      conversationId: ConversationIdInScope,
      change: { clientVisible: boolean; reopen: boolean },
      tx: DbOrTx,
    ): Promise<void> {
      await tx
        .update(conversations)
        .set({
          lastActivityAt: sql`now()`,
          ...(change.clientVisible ? { lastClientVisibleAt: sql`now()` } : {}),
          ...(change.reopen ? { status: 'open' as const } : {}),
        })
        .where(eq(conversations.id, conversationId));
    },

    async update(
      conversationId: ConversationIdInScope,
      change: { status?: ConversationStatus; assigneeUserId?: number | null },
      tx: DbOrTx,
    ): Promise<void> {
      await tx.update(conversations).set(change).where(eq(conversations.id, conversationId));
    },

    async updateMessage(
      conversationId: ConversationIdInScope,
      messageId: number,
      values: { htmlEncrypted: string; searchText: string; searchSubject: string | null },
      tx: DbOrTx,
    ): Promise<void> {
      await tx
        .update(conversationMessages)
        .set({
          htmlEncrypted: values.htmlEncrypted,
          searchVector: searchVector(values.searchText, values.searchSubject) as unknown as string,
          editedAt: sql`now()`,
        })
        .where(and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.id, messageId)));
    },

    /**
     * Moves the caller's read mark to the newest message they may see (never back: a mark set by a
     * staff member's view of a note stays where it is).
     */
    async markRead(scope: ConversationScope, conversationId: ConversationIdInScope, tx: DbOrTx): Promise<void> {
      const [newest] = await tx
        .select({ id: sql<number | null>`max(${conversationMessages.id})` })
        .from(conversationMessages)
        .where(and(eq(conversationMessages.conversationId, conversationId), visibleMessageCondition(scope)));
      if (newest?.id === null || newest?.id === undefined) return;
      await tx
        .insert(conversationReads)
        .values({ conversationId, userId: scope.userId, lastReadMessageId: Number(newest.id) })
        .onConflictDoUpdate({
          target: [conversationReads.conversationId, conversationReads.userId],
          set: {
            lastReadMessageId: sql`greatest(${conversationReads.lastReadMessageId}, excluded.last_read_message_id)`,
            seenAt: sql`now()`,
          },
        });
    },

    /** Whether the user is active staff holding `message:list` (the area or the permission): who may be assigned. */
    async isAssignableStaff(userId: number, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ one: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.isActive, true),
            isStaffUser(tx, users.id),
            exists(
              tx
                .select({ one: userRoles.userId })
                .from(userRoles)
                .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
                .where(
                  and(eq(userRoles.userId, users.id), inArray(rolePermissions.permission, ['message', 'message:list'])),
                ),
            ),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The firm's service for attachments sent without one (firm settings); null when none is set. */
    /**
     * Subjects stored in clear before they were encrypted, a batch at a time after `afterId`.
     * @unscoped the start-up job encrypts every client's legacy rows
     */
    async findClearSubjects(afterId: number, limit: number): Promise<Array<{ id: number; subject: string }>> {
      const rows = await db
        .select({ id: conversations.id, subject: conversations.subject })
        .from(conversations)
        .where(
          and(isNotNull(conversations.subject), isNull(conversations.subjectEncrypted), gt(conversations.id, afterId)),
        )
        .orderBy(conversations.id)
        .limit(limit);
      return rows.map((row) => ({ id: row.id, subject: row.subject! }));
    },

    /**
     * Replaces a clear subject by its ciphertext, only while it is still the one read (a row changed
     * meanwhile is left for the next run).
     * @unscoped the start-up job encrypts every client's legacy rows
     */
    async replaceClearSubject(id: number, clear: string, subjectEncrypted: string): Promise<void> {
      await db
        .update(conversations)
        .set({ subjectEncrypted, subject: '' })
        .where(and(eq(conversations.id, id), eq(conversations.subject, clear), isNull(conversations.subjectEncrypted)));
    },

    async defaultAttachmentServiceId(tx: DbOrTx = db): Promise<number | null> {
      const [row] = await tx.select({ id: firmSettings.messagesServiceId }).from(firmSettings).limit(1);
      return row?.id ?? null;
    },

    /**
     * Whether the caller may file documents of the conversation's client under the service: an
     * active service of the client and, for a collaborator, one granted to them.
     */
    async canFileUnder(
      scope: ConversationScope,
      conversationId: ConversationIdInScope,
      serviceId: number,
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const granted = scope.isClient
        ? or(
            eq(clients.ownerUserId, scope.userId),
            activeCollaboratorWithGrant(
              tx,
              clients.id,
              scope.userId,
              eq(clientCollaboratorServices.serviceId, serviceId),
            ),
          )
        : undefined;
      const [row] = await tx
        .select({ one: clients.id })
        .from(conversations)
        .innerJoin(clients, eq(clients.id, conversations.clientId))
        .innerJoin(clientServices, eq(clientServices.clientId, clients.id))
        .innerJoin(services, eq(services.id, clientServices.serviceId))
        .where(
          and(
            eq(conversations.id, conversationId),
            eq(clientServices.serviceId, serviceId),
            eq(services.isActive, true),
            granted,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Full-text search over the messages the scope may see, best match first. */
    async search(scope: ConversationScope, query: { q: string; limit: number; offset: number }, tx: DbOrTx = db) {
      const tsquery = sql`websearch_to_tsquery('english', ${query.q})`;
      const condition = and(
        conversationScopeCondition(tx, scope),
        visibleMessageCondition(scope),
        sql`${conversationMessages.searchVector} @@ ${tsquery}`,
      );
      // A client user's scope reads the conversation's client; staff see every conversation, so their
      // count reads the messages alone (every message has its conversation).
      const counted = tx.select({ n: count() }).from(conversationMessages).$dynamic();
      const [rows, [total]] = await Promise.all([
        runPrepared(
          tx
            .select({
              messageId: conversationMessages.id,
              conversationId: conversationMessages.conversationId,
              subjectEncrypted: conversations.subjectEncrypted,
              subjectInClear: conversations.subject,
              clientName: clients.name,
              htmlEncrypted: conversationMessages.htmlEncrypted,
              createdAt: conversationMessages.createdAt,
            })
            .from(conversationMessages)
            .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
            .innerJoin(clients, eq(clients.id, conversations.clientId))
            .where(condition)
            .orderBy(sql`ts_rank(${conversationMessages.searchVector}, ${tsquery}) desc`, desc(conversationMessages.id))
            .limit(query.limit)
            .offset(query.offset),
        ),
        runPrepared(
          (scope.isClient
            ? counted.innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
            : counted
          ).where(condition),
        ),
      ]);
      return { rows, totalCount: total?.n ?? 0 };
    },
  };
}
