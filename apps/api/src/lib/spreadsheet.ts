import type { Writable } from 'node:stream';

/**
 * Formula injection (OWASP "CSV injection"): a spreadsheet program treats a cell that starts with
 * = + - or @ as a formula, and some strip a leading tab or carriage return first. Exports carry text
 * users typed (names, addresses, bank descriptions), so such text gets a leading single quote and
 * stays inert text for whoever opens the file.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text as it goes into an exported cell: quoted when it could be read as a formula. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * One exported cell: text is neutralised; numbers (money, counts, years) and dates stay typed values
 * so the sheet can still sum and sort them. A number cannot be a formula.
 */
export function neutraliseCell<T>(value: T): T | string {
  return typeof value === 'string' ? neutraliseFormula(value) : value;
}

/**
 * Resolves when a stream the export writes to wants more (drain) or is gone (the client hung up):
 * exports wait on it between batches so a slow download holds one batch in memory, not the sheet.
 */
export function drainedOrClosed(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
  });
}
