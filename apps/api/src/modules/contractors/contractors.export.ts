import type { Writable } from 'node:stream';
import { formatAddress, type ContractorListItemDto } from '@ledgerport/shared';
import { type WorkbookColumn, writeWorkbook } from '../../lib/export-workbook.js';

/** `Contractors_2025_2026-11-21.xlsx`: the tax year, then the day of the export. */
export function contractorsExportFileName(taxYear: number, now: Date = new Date()): string {
  return `Contractors_${taxYear}_${now.toISOString().slice(0, 10)}.xlsx`;
}

type Column = WorkbookColumn<ContractorListItemDto>;

const MONEY = '"$"#,##0.00';

const address = (c: ContractorListItemDto) => formatAddress({ ...c, state: c.stateName }) ?? '';

const CLIENT_COLUMN: Column = { header: 'Client', width: 28, value: (c) => c.client.name };
const COLUMNS: Column[] = [
  { header: 'Tax year', width: 10, value: (c) => c.taxYear },
  { header: 'Contractor type', width: 16, value: (c) => c.contractorType.name },
  { header: 'Business name or full name', width: 32, value: (c) => c.fullName },
  // Masked like the list: an export is a copy that leaves the system.
  { header: 'Identification number', width: 20, value: (c) => c.identificationNumber },
  { header: 'Address', width: 48, value: address },
  { header: 'Total payment', width: 16, value: (c) => c.totalPayment, numFmt: MONEY },
  { header: 'Service fee', width: 14, value: (c) => c.serviceFee, numFmt: MONEY },
  { header: 'Service fee paid', width: 16, value: (c) => (c.isPaid ? 'Paid' : 'Unpaid') },
];
const COMPLETED_COLUMN: Column = {
  header: 'Completed',
  width: 12,
  value: (c) => (c.isCompleted ? 'Completed' : 'Uncompleted'),
};

/**
 * Streams the contractors into an .xlsx one committed row at a time (memory stays flat). Client
 * users' files leave out the client and completion columns the page hides from them.
 */
export function writeContractorsWorkbook(
  batches: AsyncIterable<ContractorListItemDto[]>,
  stream: Writable,
  { withClient }: { withClient: boolean },
): Promise<void> {
  const columns = withClient ? [CLIENT_COLUMN, ...COLUMNS, COMPLETED_COLUMN] : COLUMNS;
  return writeWorkbook(batches, stream, { name: '1099 Form', columns });
}
