import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTranscriptCsv, parseVocabularyCsv } from './create-flow.ts';
import { feedbackToCsv, parseFeedbackCsv } from './feedback-export.ts';
import { hostileFeedback } from './fixtures/corpus.ts';
import { parseTranscriptFile } from './review-transcript.ts';

function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
}

const words = [
  { row: 2, word_hu: 'alma', word_en: 'apple', difficulty: 'beginner' },
  { row: 3, word_hu: 'kör', word_en: 'circle', difficulty: 'intermediate' },
  { row: 4, word_hu: 'kór', word_en: 'disease', difficulty: 'advanced' },
  { row: 5, word_hu: 'őszibarack', word_en: 'peach', difficulty: 'beginner' },
  { row: 6, word_hu: 'gyűrű', word_en: 'ring', difficulty: 'intermediate' },
  { row: 7, word_hu: 'szia, helló', word_en: 'hi, hello', difficulty: 'beginner' },
];

const reviewLines = [
  {
    row: 2,
    line_number: 1,
    speaker: 'narrator',
    text_content: 'Egy napsütéses reggel, Budapesten.',
  },
  { row: 3, line_number: 2, speaker: 'anna', text_content: 'Szia, Bence! Hogy vagy?' },
  { row: 4, line_number: 3, speaker: 'bence', text_content: 'Jól vagyok, köszönöm.' },
  { row: 7, line_number: 4, speaker: 'anna', text_content: 'Ő azt mondta: "Gyere!"' },
];

const codesAndRows = (issues: readonly { code: string; row: number | null }[]) =>
  issues.map((i) => `${i.code}@${i.row}`);

describe('CSV parsers on the hostile fixture corpus', () => {
  it.each([
    'vocabulary-utf8-bom.csv',
    'vocabulary-utf8.csv',
    'vocabulary-utf16le-bom.csv',
    'vocabulary-utf16be-bom.csv',
    'vocabulary-utf16le-no-bom.csv',
    'vocabulary-nfd.csv',
  ])('returns every word in NFC from %s', (name) => {
    const result = parseVocabularyCsv(fixture(name));
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual(words);
  });

  it('returns every word of a Windows-1250 file, decoded as a transcript is (one rule)', () => {
    const result = parseVocabularyCsv(fixture('vocabulary-windows-1250.csv'));
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual(words);
  });

  it('returns mojibake issues for õ/û where ő/ű belong', () => {
    const result = parseVocabularyCsv(fixture('vocabulary-mojibake-latin2.csv'));
    expect(codesAndRows(result.issues)).toEqual(['mojibake@5', 'mojibake@6']);
    expect(result.issues[0]?.message).toContain('õszibara');
    expect(result.items.map((w) => w.row)).toEqual([2, 3, 4, 7]);
  });

  it('returns mojibake issues for UTF-8 read as Windows-1252', () => {
    const result = parseVocabularyCsv(fixture('vocabulary-mojibake-utf8-as-cp1252.csv'));
    expect(codesAndRows(result.issues)).toEqual([
      'mojibake@3',
      'mojibake@4',
      'mojibake@5',
      'mojibake@6',
      'mojibake@7',
    ]);
    expect(result.items.map((w) => w.word_hu)).toEqual(['alma']);
  });

  it('refuses whole a file with corrupted bytes, read in no encoding, as a transcript is', () => {
    const result = parseVocabularyCsv(fixture('vocabulary-corrupted-bytes.csv'));
    expect(codesAndRows(result.issues)).toEqual(['unknown-encoding@null']);
    expect(result.items).toEqual([]);
  });

  it('returns decimal commas intact in a semicolon file', () => {
    const result = parseVocabularyCsv(fixture('vocabulary-semicolon-decimal-comma.csv'));
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([
      { row: 2, word_hu: 'másfél', word_en: 'one and a half (1,5)', difficulty: 'beginner' },
      { row: 3, word_hu: 'két és fél', word_en: 'two and a half', difficulty: 'intermediate' },
    ]);
  });

  it('returns formula-looking cells as plain text on import', () => {
    const result = parseVocabularyCsv(fixture('vocabulary-formulas.csv'));
    expect(result.issues).toEqual([]);
    expect(result.items.map((w) => w.word_hu)).toEqual(['=1+1', '+36 1 234 5678', '-', '@SUM(A1)']);
  });

  it('returns create-flow transcript lines in NFC with lower-case speakers', () => {
    const result = parseTranscriptCsv(fixture('transcript-create-nfd.csv'));
    expect(result).toEqual({
      items: [
        { row: 2, speaker: 'anna', line: 'Szép napot, Bence!' },
        { row: 3, speaker: 'bence', line: 'Önnek is.' },
      ],
      issues: [],
    });
  });

  it.each(['transcript-review.csv', 'transcript-review-utf16le.csv'])(
    'returns the review-page lines of %s with quoted commas kept',
    (name) => {
      expect(parseTranscriptFile(fixture(name))).toEqual({ items: reviewLines, issues: [] });
    },
  );

  it('returns the hand-written expected export for hostile feedback', () => {
    const expected = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      fixture('feedback-export-expected.csv'),
    );
    expect(feedbackToCsv(hostileFeedback)).toBe(expected);
  });

  it('returns the hostile feedback back from its export', () => {
    const parsed = parseFeedbackCsv(fixture('feedback-export-expected.csv'));
    expect(parsed.issues).toEqual([]);
    expect(parsed.items.map(({ row: _row, ...rest }) => rest)).toEqual(
      hostileFeedback.map((f) => ({ ...f, page_url: f.page_url === '' ? null : f.page_url })),
    );
  });
});
