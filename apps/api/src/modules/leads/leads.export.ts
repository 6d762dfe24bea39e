import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatPhone, type LeadListItemDto } from '@ledgerport/shared';
import { drainedOrClosed, neutraliseFormula } from '../../lib/spreadsheet.js';

/** `Leads_2026-11-22.xlsx`: the web app saves the file under this name. */
export function leadsExportFileName(now: Date = new Date()): string {
  return `Leads_${now.toISOString().slice(0, 10)}.xlsx`;
}

const COLUMNS: Array<{ header: string; width: number; value: (lead: LeadListItemDto) => string }> = [
  { header: 'Company', width: 32, value: (l) => l.legalCompanyName },
  { header: 'Created', width: 20, value: (l) => l.creationTime.slice(0, 16).replace('T', ' ') },
  { header: 'Status', width: 20, value: (l) => l.status.displayName },
  { header: 'Contact', width: 26, value: (l) => l.contactFullName },
  { header: 'Position', width: 12, value: (l) => l.contactPosition.displayName },
  { header: 'Email address', width: 32, value: (l) => l.contactEmailAddress },
  { header: 'Phone number', width: 20, value: (l) => formatPhone(l.contactPhoneNumber) },
];

/** Streams the leads into an .xlsx on `stream` one committed row at a time (memory stays flat). */
export async function writeLeadsWorkbook(batches: AsyncIterable<LeadListItemDto[]>, stream: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Leads', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(({ header, width }, index) => ({ header, key: `c${index}`, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const lead of batch) sheet.addRow(COLUMNS.map((column) => neutraliseFormula(column.value(lead)))).commit();
    if (stream.writableNeedDrain) await drainedOrClosed(stream);
    if (stream.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}
