import { describe, expect, it } from 'vitest';
import { canDictate, canSay, lineItem } from './line-item.ts';
import type { TranscriptLineRow } from './line-item.ts';

const row: TranscriptLineRow = {
  id: 'l1',
  lesson_id: 'lesson-1',
  line_number: 2,
  speaker: 'bence',
  text_content: ' Jó napot! Bence vagyok. '.normalize('NFD'),
  start_time: 4.2,
  end_time: 6.9,
  slow_start_time: 8,
  slow_end_time: 12.5,
  translation_en: "Hello! I'm Bence.",
  translation_de: 'Guten Tag! Ich bin Bence.',
  translation_es: null,
};

describe('lineItem', () => {
  it('returns the line NFC and trimmed, its words, translation and both audio spans', () => {
    expect(lineItem(row, 'de')).toEqual({
      lineId: 'l1',
      lessonId: 'lesson-1',
      lineNumber: 2,
      speaker: 'bence',
      text: 'Jó napot! Bence vagyok.',
      wordCount: 4,
      translation: { text: 'Guten Tag! Ich bin Bence.', language: 'de', fallback: false },
      audio: { normal: { start: 4.2, end: 6.9 }, slow: { start: 8, end: 12.5 } },
    });
  });

  it('returns the English translation marked as a fallback when the learner’s is missing', () => {
    expect(lineItem(row, 'es').translation).toEqual({
      text: "Hello! I'm Bence.",
      language: 'en',
      fallback: true,
    });
    const untranslated = { ...row, translation_en: null, translation_de: null };
    expect(lineItem(untranslated, 'es').translation).toBeNull();
    expect(canSay(lineItem(untranslated, 'es'))).toBe(false);
    expect(canDictate(lineItem(untranslated, 'es'))).toBe(true);
  });

  it('returns no span for missing, reversed or negative times; dictation needs the normal one', () => {
    const noSlow = lineItem({ ...row, slow_start_time: null, slow_end_time: undefined }, 'en');
    expect(noSlow.audio.slow).toBeNull();
    expect(canDictate(noSlow)).toBe(true);
    for (const [start, end] of [
      [null, 5],
      [5, 5],
      [6, 5],
      [-1, 2],
      [Number.NaN, 2],
    ]) {
      const item = lineItem(
        { ...row, start_time: start as number | null, end_time: end as number },
        'en',
      );
      expect(item.audio.normal).toBeNull();
      expect(canDictate(item)).toBe(false);
      expect(canSay(item)).toBe(false);
    }
    expect(canDictate(lineItem({ ...row, text_content: ' … ' }, 'en'))).toBe(false);
  });
});
