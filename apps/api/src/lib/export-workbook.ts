import { PassThrough, type Readable, type Writable } from 'node:stream';
import yazl from 'yazl';
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
 * Streams the batches into an .xlsx on `stream` with one sheet (bold, frozen header row): each batch
 * becomes one string of the sheet's XML, deflated into the zip as it goes, so memory stays flat however
 * many rows there are (DESIGN.md section 10). The sheet's XML is written here rather than through
 * ExcelJS's streaming writer, which made a row and a cell object for every value: at 100,000 rows that
 * garbage grew the process by 66 MB before V8 collected it (docs/performance.md, issue 26 item 2).
 * Between batches it lets a slow client drain what is written before the next batch is read, and stops
 * if the client went away. Resolves once the workbook is complete.
 */
export async function writeWorkbook<Item>(
  batches: AsyncIterable<Item[]>,
  stream: Writable,
  { name, columns }: WorkbookSheet<Item>,
): Promise<void> {
  const styles = columnStyles(columns);
  const sheetXml = new PassThrough();
  const zip = new yazl.ZipFile();
  for (const [path, xml] of Object.entries(packageParts(name, styles.numFmts))) {
    zip.addBuffer(Buffer.from(xml, 'utf8'), path);
  }
  zip.addReadStream(sheetXml, 'xl/worksheets/sheet1.xml');
  zip.end();
  const output = zip.outputStream as Readable;
  const finished = new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve);
    stream.once('close', resolve);
    stream.once('error', reject);
    output.once('error', reject);
  });
  // Awaited only once the sheet is complete: when the batches fail or the client goes first, the route
  // destroys `stream` with the error, and that rejection must not be left unhandled (it ends the process).
  finished.catch(() => undefined);
  // A client that hangs up closes `stream`: the zip and the sheet stop with it.
  const stop = () => {
    output.unpipe(stream);
    output.destroy();
    sheetXml.destroy();
  };
  stream.once('close', stop);
  output.pipe(stream);

  const write = async (xml: string) => {
    // The zip read what was written, or the client went away (stop() destroys the sheet's stream).
    if (!sheetXml.write(xml)) await drainedOrClosed(sheetXml);
  };
  try {
    await write(sheetHead(columns, styles.columnStyle));
    let rowNumber = 1;
    for await (const batch of batches) {
      if (stream.destroyed) return;
      let xml = '';
      for (const item of batch) {
        rowNumber += 1;
        xml += rowXml(rowNumber, columns, item, styles);
      }
      await write(xml);
    }
    if (stream.destroyed) return;
    sheetXml.end(SHEET_TAIL);
    await finished;
  } catch (error) {
    stop();
    throw error;
  } finally {
    stream.off('close', stop);
  }
}

// Style 0 is the default, 1 the bold header; each distinct number format gets the next index.
const BOLD_STYLE = 1;
const FIRST_CUSTOM_NUM_FMT = 164; // Excel reserves the ids below for its built-in formats.

function columnStyles<Item>(columns: ReadonlyArray<WorkbookColumn<Item>>) {
  const numFmts: string[] = [];
  const columnStyle = columns.map(({ numFmt }) => {
    if (!numFmt) return 0;
    let index = numFmts.indexOf(numFmt);
    if (index < 0) index = numFmts.push(numFmt) - 1;
    return BOLD_STYLE + 1 + index;
  });
  return { numFmts, columnStyle, letters: columns.map((_, i) => columnLetter(i)) };
}
type ColumnStyles = ReturnType<typeof columnStyles>;

/** A1-style column letters: 0 is A, 25 is Z, 26 is AA. */
function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * Text as XML character data: the five markup characters escaped, and the characters XML 1.0 cannot
 * hold at all (control characters but tab and line breaks, lone surrogates, U+FFFE/U+FFFF) dropped, as
 * a bank's or a user's text could carry them and one would make Excel refuse the whole file.
 */
function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}
const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function cellXml(ref: string, value: string | number, style: number): string {
  const s = style ? ` s="${style}"` : '';
  if (typeof value === 'number' && Number.isFinite(value)) return `<c r="${ref}"${s}><v>${value}</v></c>`;
  const text = xmlText(String(value));
  if (text === '') return '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`;
}

function rowXml<Item>(
  rowNumber: number,
  columns: ReadonlyArray<WorkbookColumn<Item>>,
  item: Item,
  { columnStyle, letters }: ColumnStyles,
): string {
  let cells = '';
  for (let i = 0; i < columns.length; i += 1) {
    cells += cellXml(`${letters[i]}${rowNumber}`, neutraliseCell(columns[i]!.value(item)), columnStyle[i]!);
  }
  return `<row r="${rowNumber}">${cells}</row>`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

function sheetHead<Item>(columns: ReadonlyArray<WorkbookColumn<Item>>, columnStyle: number[]): string {
  const cols = columns
    .map(({ width }, i) => {
      const style = columnStyle[i] ? ` style="${columnStyle[i]}"` : '';
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"${style}/>`;
    })
    .join('');
  const header = columns.map(({ header }, i) => cellXml(`${columnLetter(i)}1`, header, BOLD_STYLE)).join('');
  return (
    `${XML_DECLARATION}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>' +
    '</sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${cols}</cols><sheetData><row r="1">${header}</row>`
  );
}
const SHEET_TAIL = '</sheetData></worksheet>';

/** Every part of the package but the sheet itself: content types, relationships, workbook, styles. */
function packageParts(sheetName: string, numFmts: string[]): Record<string, string> {
  const numFmtXml = numFmts
    .map((code, i) => `<numFmt numFmtId="${FIRST_CUSTOM_NUM_FMT + i}" formatCode="${xmlText(code)}"/>`)
    .join('');
  const numFmtXfs = numFmts
    .map(
      (_, i) =>
        `<xf numFmtId="${FIRST_CUSTOM_NUM_FMT + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    )
    .join('');
  return {
    '[Content_Types].xml':
      `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
      '</Relationships>',
    'xl/workbook.xml':
      `${XML_DECLARATION}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
      `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
      '</workbook>',
    'xl/_rels/workbook.xml.rels':
      `${XML_DECLARATION}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
      '</Relationships>',
    'xl/styles.xml':
      `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NS}">` +
      (numFmts.length ? `<numFmts count="${numFmts.length}">${numFmtXml}</numFmts>` : '') +
      '<fonts count="2">' +
      '<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
      '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
      '</fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${2 + numFmts.length}">` +
      '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
      numFmtXfs +
      '</cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>',
  };
}
