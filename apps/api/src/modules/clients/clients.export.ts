import type { Writable } from 'node:stream';
import { CLIENT_TYPE, type ClientListItemDto, formatPhone } from '@ledgerport/shared';
import { type WorkbookColumn, writeWorkbook } from '../../lib/export-workbook.js';

/** `Clients_2026-11-21.xlsx`: the web app saves the file under this name. */
export function clientsExportFileName(now: Date = new Date()): string {
  return `Clients_${now.toISOString().slice(0, 10)}.xlsx`;
}

const COLUMNS: Array<WorkbookColumn<ClientListItemDto>> = [
  { header: 'Name', width: 32, value: (c) => c.name },
  { header: 'Type', width: 12, value: (c) => (c.clientType === CLIENT_TYPE.business ? 'Business' : 'Personal') },
  { header: 'Status', width: 10, value: (c) => (c.isActive ? 'Active' : 'Inactive') },
  { header: 'Phone number', width: 20, value: (c) => formatPhone(c.phoneNumber) },
  { header: 'Email address', width: 32, value: (c) => c.emailAddress ?? '' },
  { header: 'Owner', width: 24, value: (c) => c.owner.fullName },
  { header: 'Advisor', width: 24, value: (c) => c.advisor?.fullName ?? '' },
  { header: 'Services', width: 32, value: (c) => c.services.map((s) => s.displayName).join(', ') },
  // Masked like the list: an export is a copy that leaves the system, so it never holds the full number.
  { header: 'TIN', width: 14, value: (c) => c.maskedTaxpayerIdentificationNumber ?? '' },
  { header: 'SSN', width: 14, value: (c) => c.maskedSocialSecurityNumber ?? '' },
];

/** Streams the clients into an .xlsx on `stream` one committed row at a time (memory stays flat). */
export function writeClientsWorkbook(batches: AsyncIterable<ClientListItemDto[]>, stream: Writable): Promise<void> {
  return writeWorkbook(batches, stream, { name: 'Clients', columns: COLUMNS });
}
