import { describe, expect, it } from 'vitest';
import { neutraliseCell, neutraliseFormula } from '../spreadsheet.js';

describe('neutraliseFormula', () => {
  it.each(['=HYPERLINK("http://evil","x")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1+1)', '\t=1+1', '\r=1+1'])(
    'quotes %j so it stays text, keeping the rest as typed',
    (value) => {
      expect(neutraliseFormula(value)).toBe(`'${value}`);
    },
  );

  it.each(['Acme LLC', 'a=b', 'x+1', 'jane@example.com', '(555) 123-4567', ' =1', "'quoted", ''])(
    'leaves %j alone: only the first character can start a formula',
    (value) => {
      expect(neutraliseFormula(value)).toBe(value);
    },
  );
});

describe('neutraliseCell', () => {
  it('neutralises text and keeps numbers, dates and empty cells as they are', () => {
    const date = new Date('2026-11-22T00:00:00Z');
    expect(neutraliseCell('=1+1')).toBe("'=1+1");
    expect(neutraliseCell(-12.5)).toBe(-12.5);
    expect(neutraliseCell(2026)).toBe(2026);
    expect(neutraliseCell(date)).toBe(date);
    expect(neutraliseCell(null)).toBeNull();
  });
});
