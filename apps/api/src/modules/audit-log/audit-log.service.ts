import { PassThrough, type Readable } from 'node:stream';
import type { AuditEventDto, AuditEventsQuery, ExportAuditEventsQuery, Paged } from '@ledgerport/shared';
import { exportBatches } from '../../lib/export-batches.js';
import type { RequestContext } from '../../lib/request-context.js';
import { AUDIT_ACTION, type AuditLog } from '../audit/index.js';
import type { Principal } from '../auth/index.js';
import { EVERY_CLIENT, type ClientScope } from '../clients/index.js';
import type { AuditEventFilters, AuditLogRepository } from './audit-log.repository.js';
import { auditExportFileName, writeAuditWorkbook } from './audit-log.export.js';

/** Rows fetched per round trip while streaming an export. */
export const EXPORT_BATCH_SIZE = 1000;

/** Every action the API records, sorted: the viewer's action select and the prefix filter use it. */
export const KNOWN_ACTIONS: readonly string[] = [...new Set(Object.values(AUDIT_ACTION))].sort();

/**
 * An exact action, or a prefix ending with a dot (`document.`) widened to the known actions it
 * covers: an IN list uses the (action, occurred_at) index where LIKE would depend on the collation.
 */
export function actionsFor(filter: string | undefined): readonly string[] | undefined {
  if (filter === undefined) return undefined;
  if (!filter.endsWith('.')) return [filter];
  return KNOWN_ACTIONS.filter((action) => action.startsWith(filter));
}

/** The viewer's routes demand audit:list or audit:export, which only staff roles hold: every client's events. */
function filtersOf(query: ExportAuditEventsQuery): AuditEventFilters & { scope: ClientScope } {
  return {
    scope: EVERY_CLIENT,
    actorUserId: query.actorUserId,
    actions: actionsFor(query.action),
    clientId: query.clientId,
    documentId: query.documentId,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    search: query.search,
  };
}

type EventRow = Awaited<ReturnType<AuditLogRepository['findPage']>>[number];

function toDto(row: EventRow): AuditEventDto {
  return {
    id: row.id,
    time: row.occurredAt.toISOString(),
    action: row.action,
    actor: row.actorId === null ? null : { id: row.actorId, fullName: row.actorFullName ?? '' },
    objectType: row.objectType,
    objectId: row.objectId,
    client: row.clientId === null ? null : { id: row.clientId, name: row.clientName ?? '' },
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    requestId: row.requestId,
    details: (row.details as Record<string, unknown> | null) ?? null,
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;

export function createAuditLogService(deps: { repository: AuditLogRepository; audit: AuditLog }) {
  const { repository, audit } = deps;

  return {
    async list(query: AuditEventsQuery): Promise<Paged<AuditEventDto>> {
      const filters = filtersOf(query);
      const [rows, totalCount] = await Promise.all([
        repository.findPage(filters, { limit: query.limit, offset: query.offset }),
        repository.count(filters),
      ]);
      return { items: rows.map(toDto), totalCount };
    },

    /**
     * The filtered events as a streamed .xlsx. The first batch is read before anything is sent, so a
     * failing query still gets a proper error answer; later batches are read as the workbook is written.
     */
    async export(
      query: ExportAuditEventsQuery,
      caller: Principal,
      context: RequestContext,
    ): Promise<{ fileName: string; stream: Readable }> {
      const filters = filtersOf(query);
      const batches = await exportBatches({
        batchSize: EXPORT_BATCH_SIZE,
        read: ({ limit, offset }) => repository.findPage(filters, { limit, offset }),
        map: (rows) => rows.map(toDto),
      });
      await audit.record(context, {
        action: AUDIT_ACTION.auditExported,
        actorUserId: caller.userId,
        objectType: 'audit-log',
        details: { filters: query },
      });
      const stream = new PassThrough();
      writeAuditWorkbook(batches, stream).catch((error: unknown) => stream.destroy(error as Error));
      return { fileName: auditExportFileName(), stream };
    },
  };
}
