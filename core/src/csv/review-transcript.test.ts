import { describe, expect, it } from 'vitest';
import {
  parseTranscriptFile,
  parseTranscriptPaste,
  stripSurroundingQuotes,
} from './review-transcript.ts';

const texts = (result: { items: readonly { speaker: string; text_content: string }[] }) =>
  result.items.map((l) => `${l.speaker}|${l.text_content}`);

describe('review-page transcript CSV and pasted text', () => {
  it('returns lines with the header skipped, BOM and quotes removed, renumbered', () => {
    const result = parseTranscriptFile(
      '\uFEFF"Speaker","Text"\r\n"Narrator","Reggel van."\r\nanna,Szia\r\n',
    );
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([
      { row: 2, line_number: 1, speaker: 'narrator', text_content: 'Reggel van.' },
      { row: 3, line_number: 2, speaker: 'anna', text_content: 'Szia' },
    ]);
  });

  it('returns the first line when it is not a header', () => {
    expect(texts(parseTranscriptPaste('anna,Szia\nbence,Helló'))).toEqual([
      'anna|Szia',
      'bence|Helló',
    ]);
  });

  it('returns lines without a comma skipped and unquoted commas kept in the text', () => {
    const result = parseTranscriptPaste('speaker,text\njust words\nanna,Szia, Bence, hogy vagy?\n');
    expect(texts(result)).toEqual(['anna|Szia, Bence, hogy vagy?']);
  });

  it('returns lines with an empty speaker or text skipped', () => {
    expect(texts(parseTranscriptPaste(',Szia\nanna,\nbence,Jó'))).toEqual(['bence|Jó']);
  });

  it('returns the file message when no line is valid', () => {
    const result = parseTranscriptFile('speaker,text\nno comma here\n');
    expect(result.items).toEqual([]);
    expect(result.issues).toEqual([
      {
        code: 'no-transcript-lines',
        key: 'csv.noTranscriptLinesFile',
        params: {},
        message: 'No valid transcript lines found in file',
        row: null,
      },
    ]);
  });

  it('returns the pasted-text message when no line is valid', () => {
    expect(parseTranscriptPaste('').issues.map((i) => i.message)).toEqual([
      'No valid transcript lines found',
    ]);
  });

  it('returns a semicolon-delimited file read by its header', () => {
    expect(texts(parseTranscriptFile('speaker;text\nanna;1,5 kiló alma'))).toEqual([
      'anna|1,5 kiló alma',
    ]);
    expect(texts(parseTranscriptFile('speaker\ttext\nanna\tSzia'))).toEqual(['anna|Szia']);
  });

  it('returns mojibake rows reported and left out', () => {
    const result = parseTranscriptFile('anna,Szia\nbence,Õ is itt van\n');
    expect(texts(result)).toEqual(['anna|Szia']);
    expect(result.issues.map((i) => [i.code, i.row])).toEqual([['mojibake', 2]]);
  });

  it('returns values with one pair of surrounding quotes removed', () => {
    expect(stripSurroundingQuotes('"Szia"')).toBe('Szia');
    expect(stripSurroundingQuotes('"Azt mondta: ""Jó"""')).toBe('Azt mondta: "Jó"');
    expect(stripSurroundingQuotes('"')).toBe('"');
    expect(stripSurroundingQuotes('Szia')).toBe('Szia');
  });
});
