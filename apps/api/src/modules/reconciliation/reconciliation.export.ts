import type { Writable } from 'node:stream';
import type { TransactionDto } from '@ledgerport/shared';
import { type WorkbookColumn, writeWorkbook } from '../../lib/export-workbook.js';

/** `Transactions_1234_2026-11-21.xlsx` (the account's mask, then the day of the export). */
export function transactionsExportFileName(mask: string | null, now: Date = new Date()): string {
  return `Transactions_${mask ? `${mask}_` : ''}${now.toISOString().slice(0, 10)}.xlsx`;
}

// The name, category and currency are the bank's text, from outside the firm: neutralised like any text.
const COLUMNS: Array<WorkbookColumn<TransactionDto>> = [
  { header: 'Date', width: 12, value: (t) => t.date },
  { header: 'Name', width: 40, value: (t) => t.name },
  { header: 'Category', width: 26, value: (t) => t.category ?? '' },
  { header: 'Amount', width: 14, value: (t) => t.amount, numFmt: '#,##0.00' },
  { header: 'Currency', width: 10, value: (t) => t.isoCurrencyCode },
  { header: 'Type', width: 12, value: (t) => (t.amount >= 0 ? 'Deposit' : 'Withdrawal') },
];

/** Streams the transactions into an .xlsx one committed row at a time (memory stays flat). */
export function writeTransactionsWorkbook(batches: AsyncIterable<TransactionDto[]>, stream: Writable): Promise<void> {
  return writeWorkbook(batches, stream, { name: 'Transactions', columns: COLUMNS });
}
