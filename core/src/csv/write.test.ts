import { describe, expect, it } from 'vitest';
import { neutraliseFormula, restoreFormulaCell, toCsv } from './write.ts';

describe('CSV writing', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\r\nlines"'],
    ['', ''],
  ])('returns the RFC 4180 field for %j', (value, expected) => {
    expect(toCsv([[value]])).toBe(`${expected}\r\n`);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+36', "'+36"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=x', "'\t=x"],
    [' @x', "' @x"],
    ["'quoted", "''quoted"],
    ['safe = text', 'safe = text'],
  ])('returns %j neutralised as %j and restored', (value, neutralised) => {
    expect(neutraliseFormula(value)).toBe(neutralised);
    expect(restoreFormulaCell(neutralised)).toBe(value);
  });

  it('returns an unneutralised apostrophe cell unchanged on restore', () => {
    expect(restoreFormulaCell("'plain")).toBe("'plain");
  });

  it('returns CRLF records with an optional BOM and formula neutralising', () => {
    expect(
      toCsv(
        [
          ['a', 'b'],
          ['=x', 'c\nd'],
        ],
        { bom: true, neutraliseFormulas: true },
      ),
    ).toBe('\uFEFFa,b\r\n\'=x,"c\r\nd"\r\n');
    expect(toCsv([['=x']])).toBe('=x\r\n');
  });
});
