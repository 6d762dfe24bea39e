import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { AuditEventDto } from '@ledgerport/shared';
import { drainedOrClosed, neutraliseFormula } from '../../lib/spreadsheet.js';

/** `Audit_log_2026-11-21.xlsx`: the web app saves the file under this name. */
export function auditExportFileName(now: Date = new Date()): string {
  return `Audit_log_${now.toISOString().slice(0, 10)}.xlsx`;
}

const COLUMNS: Array<{ header: string; width: number; value: (event: AuditEventDto) => string }> = [
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
export async function writeAuditWorkbook(batches: AsyncIterable<AuditEventDto[]>, stream: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Audit log', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(({ header, width }) => ({ header, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const event of batch) {
      sheet.addRow(COLUMNS.map((column) => neutraliseFormula(column.value(event)))).commit();
    }
    // Let a slow client drain what is written before the next batch is read; stop if it went away.
    if (stream.writableNeedDrain) await drainedOrClosed(stream);
    if (stream.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}
