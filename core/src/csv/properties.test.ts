import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTranscriptCsv, parseVocabularyCsv, CREATE_FLOW_DIFFICULTIES } from './create-flow.ts';
import { decodeCsvText } from './decode.ts';
import { parseTranscriptEditorText, transcriptToEditorText } from './editor-text.ts';
import { feedbackToCsv, parseFeedbackCsv } from './feedback-export.ts';
import { cleanCell, normaliseNewlines } from './records.ts';
import { parseTranscriptFile, parseTranscriptPaste } from './review-transcript.ts';
import { transcriptCsvToText, transcriptLinesToCsv, vocabularyToCsv } from './serialise.ts';
import { findTextProblem } from './text-quality.ts';
import type { CsvResult } from './types.ts';

// Any UTF-16 code unit, lone surrogates included (fast-check's 'binary' unit is slow to start).
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

// Characters that stress CSV handling: delimiters, quotes, newlines, BOM, Hungarian letters in
// both normal forms, formula starters.
const hostileChars = [
  ',',
  ';',
  '"',
  "'",
  '\n',
  '\r',
  '\t',
  ' ',
  '\uFEFF',
  'ő',
  'ű',
  'o\u030B',
  'Á',
  'a',
  'Z',
  '1',
  '=',
  '+',
  '-',
  '@',
  ':',
  'õ',
  '\uFFFD',
];
const hostileText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...hostileChars), maxLength: 60 }),
  fc.string({ unit: anyCodeUnit, maxLength: 60 }),
);
const cellText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...hostileChars), maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const bytes = fc.uint8Array({ maxLength: 200 });

const expected = (value: string) => cleanCell(normaliseNewlines(value));
const clean = (value: string) => findTextProblem(expected(value)) === null;
const usable = (value: string) => expected(value) !== '' && clean(value);
const speaker = fc.constantFrom('narrator', 'anna', 'bence');

function wellFormed(result: CsvResult<unknown>): boolean {
  return result.issues.every((i) => i.message.length > 0 && (i.row === null || i.row >= 1));
}

const parsers: readonly ((input: string | Uint8Array) => CsvResult<unknown>)[] = [
  parseVocabularyCsv,
  parseTranscriptCsv,
  parseTranscriptFile,
  parseFeedbackCsv,
];

// Generous timeout: property runs are CPU-bound and CI machines may be busy.
describe('CSV parser properties', { timeout: 30_000 }, () => {
  it('returns a well-formed result for any text or bytes, never throwing', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, bytes), (input) => {
        for (const parse of parsers) expect(wellFormed(parse(input))).toBe(true);
        if (typeof input === 'string') {
          expect(wellFormed(parseTranscriptPaste(input))).toBe(true);
          expect(wellFormed(parseTranscriptEditorText(input))).toBe(true);
        }
        expect(typeof decodeCsvText(input).text).toBe('string');
      }),
      { numRuns: 300 },
    );
  });

  it('returns the exported vocabulary back, as text and as UTF-8 or UTF-16 bytes', () => {
    const word = fc.record({
      word_hu: cellText.filter(usable),
      word_en: cellText.filter(usable),
      difficulty: fc.constantFrom(...CREATE_FLOW_DIFFICULTIES),
    });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), (words) => {
        const csv = vocabularyToCsv(words);
        const want = words.map((w, i) => ({
          row: i + 2,
          word_hu: expected(w.word_hu),
          word_en: expected(w.word_en),
          difficulty: w.difficulty,
        }));
        const utf8 = new TextEncoder().encode(`\uFEFF${csv}`);
        const utf16 = Uint8Array.from([0xff, 0xfe, ...[...csv].flatMap(utf16le)]);
        for (const input of [csv, utf8, utf16]) {
          expect(parseVocabularyCsv(input)).toEqual({ items: want, issues: [] });
        }
      }),
      { numRuns: 100 },
    );
  });

  it('returns the exported create-flow transcript back', () => {
    const line = fc.record({ speaker, line: cellText.filter(usable) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const result = parseTranscriptCsv(transcriptCsvToText(lines));
        expect(result.issues).toEqual([]);
        expect(result.items).toEqual(
          lines.map((l, i) => ({ row: i + 2, speaker: l.speaker, line: expected(l.line) })),
        );
      }),
    );
  });

  it('returns the exported review-page transcript back', () => {
    const text = cellText.filter((t) => usable(t) && !/^".*"$/s.test(expected(t)));
    const line = fc.record({ speaker, text_content: text });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (lines) => {
        const result = parseTranscriptFile(transcriptLinesToCsv(lines));
        expect(result.issues).toEqual([]);
        expect(result.items.map(({ speaker: s, text_content: t }) => ({ s, t }))).toEqual(
          lines.map((l) => ({ s: l.speaker, t: expected(l.text_content) })),
        );
      }),
    );
  });

  it('returns the editor text back as the same lines', () => {
    const text = cellText.filter((t) => !/[\r\n]/.test(t) && t.trim() !== '');
    const line = fc.record({ speaker, text_content: text });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), (lines) => {
        const result = parseTranscriptEditorText(transcriptToEditorText(lines));
        expect(result.issues).toEqual([]);
        expect(result.items).toEqual(
          lines.map((l, i) => ({
            line_number: i + 1,
            speaker: l.speaker,
            text_content: l.text_content.normalize('NFC').trim(),
          })),
        );
      }),
    );
  });

  it('returns the exported feedback back, formulas restored', () => {
    const required = cellText.filter(usable);
    const optional = cellText.filter(clean);
    const row = fc.record({
      created_at: required,
      feedback_type: required,
      title: required,
      description: required,
      status: optional,
      page_url: fc.option(optional),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), (rows) => {
        const result = parseFeedbackCsv(feedbackToCsv(rows));
        expect(result.issues).toEqual(
          rows.length === 0 ? [expect.objectContaining({ code: 'no-data-rows' })] : [],
        );
        expect(result.items.map(({ row: _row, ...rest }) => rest)).toEqual(
          rows.map((r) => ({
            created_at: expected(r.created_at),
            feedback_type: expected(r.feedback_type),
            title: expected(r.title),
            description: expected(r.description),
            status: expected(r.status),
            page_url:
              r.page_url === null || expected(r.page_url) === '' ? null : expected(r.page_url),
          })),
        );
      }),
      { numRuns: 100 },
    );
  });
});

function utf16le(ch: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < ch.length; i++) {
    const unit = ch.charCodeAt(i);
    out.push(unit & 0xff, unit >> 8);
  }
  return out;
}
