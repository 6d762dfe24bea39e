import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type WorkbookColumn, writeWorkbook } from '../export-workbook.js';

interface Row {
  name: string;
  amount: number;
}

const COLUMNS: Array<WorkbookColumn<Row>> = [
  { header: 'Name', width: 40, value: (r) => r.name },
  { header: 'Amount', width: 14, value: (r) => r.amount, numFmt: '#,##0.00' },
];

async function* inBatches<T>(rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** Writes the rows as the export routes do and reads the file back with ExcelJS, an independent reader. */
async function written(rows: Row[], batchSize = 1_000) {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeWorkbook(inBatches(rows, batchSize), stream, { name: 'Transactions', columns: COLUMNS });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

describe('writeWorkbook', () => {
  it('writes a named sheet with a bold, frozen header, the column widths and typed, formatted amounts', async () => {
    const workbook = await written([
      { name: 'Office rent', amount: -1250.5 },
      { name: 'Client payment', amount: 3000 },
    ]);
    const sheet = workbook.getWorksheet('Transactions')!;
    expect(sheet).toBeDefined();
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'Amount']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').font?.bold).toBeFalsy();
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.columns.map((c) => c.width)).toEqual([40, 14]);
    expect(sheet.getCell('B2').value).toBe(-1250.5);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('B3').value).toBe(3000);
    expect(sheet.getCell('A3').value).toBe('Client payment');
  });

  it('keeps markup characters and any script as text, drops what XML cannot hold, and quotes formulas', async () => {
    const names = [
      'Smith & Sons <LLC> "quoted" it\'s',
      'Zoë Ølsen 李 🚀',
      'line one\nline two\ttabbed',
      'bell\u0007 and escape\u001b gone',
      '=HYPERLINK("http://evil","click")',
      '  leading and trailing spaces  ',
    ];
    const sheet = (await written(names.map((name) => ({ name, amount: 1 })))).getWorksheet('Transactions')!;
    const cells = names.map((_, i) => sheet.getCell(`A${i + 2}`));
    expect(cells.map((c) => c.value)).toEqual([
      'Smith & Sons <LLC> "quoted" it\'s',
      'Zoë Ølsen 李 🚀',
      'line one\nline two\ttabbed',
      'bell and escape gone',
      '\'=HYPERLINK("http://evil","click")',
      '  leading and trailing spaces  ',
    ]);
    for (const cell of cells) expect(cell.type).toBe(ExcelJS.ValueType.String);
  });

  it('writes every row of every batch once, in order', async () => {
    const rows = Array.from({ length: 2_501 }, (_, i) => ({ name: `Payee ${i}`, amount: i / 100 }));
    const sheet = (await written(rows, 1_000)).getWorksheet('Transactions')!;
    const values = sheet.getSheetValues().filter(Boolean).slice(1) as unknown[][];
    expect(values.map((r) => ({ name: r[1], amount: r[2] }))).toEqual(rows);
  });

  it('stops reading batches once the client has gone away, and settles', async () => {
    let batchesRead = 0;
    async function* endless() {
      for (;;) {
        batchesRead += 1;
        yield Array.from({ length: 1_000 }, (_, i) => ({ name: `Payee ${batchesRead}-${i}`, amount: i }));
      }
    }
    // A client that takes the first few kilobytes, then hangs up.
    let received = 0;
    const client = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > 8_000) this.destroy();
        else setTimeout(callback, 1);
      },
    });
    await writeWorkbook(endless(), client, { name: 'Transactions', columns: COLUMNS });
    expect(client.destroyed).toBe(true);
    const readWhenStopped = batchesRead;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batchesRead).toBe(readWhenStopped);
    expect(batchesRead).toBeLessThan(50);
  });

  it('rejects when reading a batch fails, and the route ends the download with that error', async () => {
    async function* failing() {
      yield [{ name: 'first', amount: 1 }];
      throw new Error('connection lost');
    }
    const stream = new PassThrough();
    const errors: string[] = [];
    stream.on('error', (error) => errors.push(error.message));
    stream.resume();
    // As the export routes do; nothing may be left rejecting unhandled (it would end the process).
    await expect(
      writeWorkbook(failing(), stream, { name: 'Transactions', columns: COLUMNS }).catch((error: Error) => {
        stream.destroy(error);
        throw error;
      }),
    ).rejects.toThrow('connection lost');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors).toEqual(['connection lost']);
  });
});
