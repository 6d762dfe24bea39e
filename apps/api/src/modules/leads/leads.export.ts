import type { Writable } from 'node:stream';
import { formatPhone, type LeadListItemDto } from '@ledgerport/shared';
import { type WorkbookColumn, writeWorkbook } from '../../lib/export-workbook.js';

/** `Leads_2026-11-22.xlsx`: the web app saves the file under this name. */
export function leadsExportFileName(now: Date = new Date()): string {
  return `Leads_${now.toISOString().slice(0, 10)}.xlsx`;
}

const COLUMNS: Array<WorkbookColumn<LeadListItemDto>> = [
  { header: 'Company', width: 32, value: (l) => l.legalCompanyName },
  { header: 'Created', width: 20, value: (l) => l.creationTime.slice(0, 16).replace('T', ' ') },
  { header: 'Status', width: 20, value: (l) => l.status.displayName },
  { header: 'Contact', width: 26, value: (l) => l.contactFullName },
  { header: 'Position', width: 12, value: (l) => l.contactPosition.displayName },
  { header: 'Email address', width: 32, value: (l) => l.contactEmailAddress },
  { header: 'Phone number', width: 20, value: (l) => formatPhone(l.contactPhoneNumber) },
];

/** Streams the leads into an .xlsx on `stream` one committed row at a time (memory stays flat). */
export function writeLeadsWorkbook(batches: AsyncIterable<LeadListItemDto[]>, stream: Writable): Promise<void> {
  return writeWorkbook(batches, stream, { name: 'Leads', columns: COLUMNS });
}
