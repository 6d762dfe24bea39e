import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { TransactionDto } from '@ledgerport/shared';
import { drainedOrClosed, neutraliseFormula } from '../../lib/spreadsheet.js';

/** `Transactions_1234_2026-11-21.xlsx` (the account's mask, then the day of the export). */
export function transactionsExportFileName(mask: string | null, now: Date = new Date()): string {
  return `Transactions_${mask ? `${mask}_` : ''}${now.toISOString().slice(0, 10)}.xlsx`;
}

/** Streams the transactions into an .xlsx one committed row at a time (memory stays flat). */
export async function writeTransactionsWorkbook(
  batches: AsyncIterable<TransactionDto[]>,
  stream: Writable,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Transactions', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Name', key: 'name', width: 40 },
    { header: 'Category', key: 'category', width: 26 },
    { header: 'Amount', key: 'amount', width: 14, style: { numFmt: '#,##0.00' } },
    { header: 'Currency', key: 'currency', width: 10 },
    { header: 'Type', key: 'type', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const t of batch) {
      sheet
        .addRow({
          date: t.date,
          // The bank's description and category: text from outside the firm.
          name: neutraliseFormula(t.name),
          category: neutraliseFormula(t.category ?? ''),
          amount: t.amount,
          currency: neutraliseFormula(t.isoCurrencyCode),
          type: t.amount >= 0 ? 'Deposit' : 'Withdrawal',
        })
        .commit();
    }
    if (stream.writableNeedDrain) await drainedOrClosed(stream);
    if (stream.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}
