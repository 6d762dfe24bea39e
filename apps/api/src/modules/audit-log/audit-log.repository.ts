import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditEvents, clients, users } from '../../db/schema/index.js';
import { containsIgnoreCase } from '../../lib/list-query.js';
import { clientScopeCondition, type ClientScope } from '../clients/index.js';

/** The viewer's filters, resolved by the service (an action prefix becomes the actions it covers). */
export interface AuditEventFilters {
  actorUserId?: number;
  actions?: readonly string[];
  clientId?: number;
  documentId?: number;
  from?: Date;
  to?: Date;
  search?: string;
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;

/**
 * Reads only: the audit trail is append-only (modules/audit writes it; a trigger refuses UPDATE,
 * DELETE and TRUNCATE). The sessions screens read through auth/user-sessions.repository.
 */
export function createAuditLogRepository({ db }: { db: DbOrTx }) {
  /** With a client user's scope, events without a client are out of it too. */
  function whereOf(tx: DbOrTx, filters: AuditEventFilters & { scope: ClientScope }): SQL | undefined {
    const conditions: SQL[] = [];
    const inScope = clientScopeCondition(tx, filters.scope, auditEvents.clientId);
    if (inScope) conditions.push(inScope);
    if (filters.actorUserId !== undefined) conditions.push(eq(auditEvents.actorUserId, filters.actorUserId));
    if (filters.actions !== undefined) conditions.push(inArray(auditEvents.action, [...filters.actions]));
    if (filters.clientId !== undefined) conditions.push(eq(auditEvents.clientId, filters.clientId));
    if (filters.documentId !== undefined) {
      conditions.push(eq(auditEvents.objectType, 'document'), eq(auditEvents.objectId, String(filters.documentId)));
    }
    if (filters.from) conditions.push(gte(auditEvents.occurredAt, filters.from));
    if (filters.to) conditions.push(lt(auditEvents.occurredAt, filters.to));
    if (filters.search) conditions.push(containsIgnoreCase(sql`${auditEvents.details}::text`, filters.search));
    return conditions.length > 0 ? and(...conditions) : undefined;
  }

  return {
    /** Newest first; the id breaks ties between events of the same instant. */
    async findPage(
      filters: AuditEventFilters & { scope: ClientScope },
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ) {
      return tx
        .select({
          id: auditEvents.id,
          occurredAt: auditEvents.occurredAt,
          action: auditEvents.action,
          actorId: users.id,
          actorFullName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
          objectType: auditEvents.objectType,
          objectId: auditEvents.objectId,
          clientId: clients.id,
          clientName: clients.name,
          ipAddress: auditEvents.ipAddress,
          userAgent: auditEvents.userAgent,
          requestId: auditEvents.requestId,
          details: auditEvents.details,
        })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorUserId))
        .leftJoin(clients, eq(clients.id, auditEvents.clientId))
        .where(whereOf(tx, filters))
        .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    async count(filters: AuditEventFilters & { scope: ClientScope }, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx.select({ value: count() }).from(auditEvents).where(whereOf(tx, filters));
      return row?.value ?? 0;
    },
  };
}
