import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { drainedOrClosed, neutraliseCell } from './spreadsheet.js';

export interface WorkbookColumn<Item> {
  header: string;
  width: number;
  /** The cell: text is neutralised against formula injection, numbers stay numbers. */
  value: (item: Item) => string | number;
  /** Excel number format (money, amounts). */
  numFmt?: string;
}

export interface WorkbookSheet<Item> {
  name: string;
  columns: ReadonlyArray<WorkbookColumn<Item>>;
}

/**
 * Streams the batches into an .xlsx on `stream` with one sheet (bold, frozen header row), one
 * committed row at a time, so memory stays flat however many rows there are (DESIGN.md section 10).
 * Between batches it lets a slow client drain what is written before the next batch is read, and
 * stops if the client went away. Resolves once the workbook is complete.
 */
export async function writeWorkbook<Item>(
  batches: AsyncIterable<Item[]>,
  stream: Writable,
  { name, columns }: WorkbookSheet<Item>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map(({ header, width, numFmt }) => ({
    header,
    width,
    ...(numFmt ? { style: { numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const batch of batches) {
    for (const item of batch) sheet.addRow(columns.map((column) => neutraliseCell(column.value(item)))).commit();
    if (stream.writableNeedDrain) await drainedOrClosed(stream);
    if (stream.destroyed) return;
  }
  sheet.commit();
  await workbook.commit();
}
