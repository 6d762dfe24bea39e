import type { Writable } from 'node:stream';
import type { AuditEventDto } from '@ledgerport/shared';
import { type WorkbookColumn, writeWorkbook } from '../../lib/export-workbook.js';

/** `Audit_log_2026-11-21.xlsx`: the web app saves the file under this name. */
export function auditExportFileName(now: Date = new Date()): string {
  return `Audit_log_${now.toISOString().slice(0, 10)}.xlsx`;
}

const COLUMNS: Array<WorkbookColumn<AuditEventDto>> = [
  { header: 'Time (UTC)', width: 24, value: (e) => e.time },
  { header: 'Action', width: 30, value: (e) => e.action },
  { header: 'Actor', width: 26, value: (e) => e.actor?.fullName ?? '' },
  { header: 'Actor id', width: 10, value: (e) => (e.actor ? String(e.actor.id) : '') },
  { header: 'Object type', width: 14, value: (e) => e.objectType ?? '' },
  { header: 'Object id', width: 38, value: (e) => e.objectId ?? '' },
  { header: 'Client', width: 26, value: (e) => e.client?.name ?? '' },
  { header: 'IP address', width: 18, value: (e) => e.ipAddress ?? '' },
  { header: 'User agent', width: 40, value: (e) => e.userAgent ?? '' },
  { header: 'Request id', width: 24, value: (e) => e.requestId ?? '' },
  { header: 'Details', width: 60, value: (e) => (e.details ? JSON.stringify(e.details) : '') },
];

/** Streams the events into an .xlsx one committed row at a time, so memory stays flat. */
export function writeAuditWorkbook(batches: AsyncIterable<AuditEventDto[]>, stream: Writable): Promise<void> {
  return writeWorkbook(batches, stream, { name: 'Audit log', columns: COLUMNS });
}
