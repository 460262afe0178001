import { describe, expect, it } from 'vitest';
import { cleanCell, detectDelimiter, readRecords } from './records.ts';

describe('CSV records', () => {
  it.each([
    ['a,b,c\n1;2', ','],
    ['a;b;c\n1,5;2', ';'],
    ['a\tb\n', '\t'],
    ['"a;b",c\n', ','],
    ['\n\n  \nx;y', ';'],
    ['', ','],
  ])('returns the delimiter of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('returns records numbered from 1 with CR, LF and CRLF alike', () => {
    expect(readRecords('a,b\r\nc,d\re,f\n')).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['c', 'd'] },
      { row: 3, cells: ['e', 'f'] },
      { row: 4, cells: [''] },
    ]);
    expect(readRecords('')).toEqual([]);
  });

  it('returns cells in NFC and trimmed', () => {
    expect(cleanCell('  e\u0301 ')).toBe('é');
    expect(cleanCell(undefined)).toBe('');
  });
});
