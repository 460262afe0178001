import { mulberry32 } from '@magyarul/core/flashcards';
import { describe, expect, it } from 'vitest';
import type { LessonRow, TranscriptRow, VocabularyRow } from '../lib/database.ts';
import type { QueuedStep } from '../offline/queue.ts';
import { lessonPracticeRows, practiceOrder } from './lesson-practice.ts';
import { practiceCards } from './practice-cards.ts';
import type { PracticeRow } from './practice-cards.ts';
import { reviewCards } from './review-session.ts';

const NOW = new Date('2026-11-20T12:00:00Z');
const lesson = {
  id: 'lesson-1',
  audio_url: 'lessons/1.mp3',
  slow_audio_url: null,
} as LessonRow;
const word = (id: string, hu: string, en: string, de: string | null, audio: string | null) =>
  ({
    id,
    lesson_id: 'lesson-1',
    word_hu: hu,
    word_en: en,
    word_de: de,
    word_es: null,
    difficulty: 'beginner',
    audio_file_path: audio,
  }) as VocabularyRow;
const vocabulary = [
  word('w1', 'jó', 'good', 'gut', 'words/jo.mp3'),
  word('w2', 'öt', 'five', 'fünf', null),
  word('w3', 'kérek', 'I would like', 'ich möchte', 'words/kerek.mp3'),
  word('w4', 'szia', 'hi', 'hallo', null),
];
const line = (id: string, n: number, text: string, translation: string | null, timed = true) =>
  ({
    id,
    lesson_id: 'lesson-1',
    line_number: n,
    speaker: 'anna',
    text_content: text,
    start_time: timed ? n : null,
    end_time: timed ? n + 0.8 : null,
    slow_start_time: null,
    slow_end_time: null,
    translation_en: translation,
    translation_de: null,
    translation_es: null,
  }) as TranscriptRow;
const transcript = [
  line('l1', 1, 'Szia!', 'Hi!'),
  line('l2', 2, 'Öt kávét kérek.', null),
  line('l3', 3, 'Jó napot!', 'Good day!', false),
];
const answered = (id: string, correct: boolean): QueuedStep => ({
  kind: 'answer',
  userId: 'u',
  vocabularyId: id,
  correct,
  sessionId: null,
  clientAnswerId: `a-${id}`,
  at: NOW.toISOString(),
});
const stored = (itemId: string, skill: string, due: string | null): PracticeRow =>
  ({
    item_id: itemId,
    skill,
    is_new: due === null,
    due,
    reps: due ? 1 : 0,
    times_correct: 1,
  }) as PracticeRow;
const options = { language: 'de' as const, backendUrl: 'http://api.test', random: mulberry32(3) };

describe('a lesson’s practice on this device', () => {
  it('returns recall and listening of recognised words only, listening only with a recording', () => {
    const rows = lessonPracticeRows({
      lesson,
      transcript,
      vocabulary,
      stored: [stored('w2', 'recall', null)],
      pending: [answered('w1', true), answered('w4', false)],
      passed: false,
    });
    expect(rows.map((r) => `${r.item_id}:${r.skill}`)).toEqual([
      'w1:recall',
      'w1:listening',
      'w2:recall',
    ]);
  });

  it('returns the lines once the flashcards are passed, with the stored state where there is one', () => {
    const rows = lessonPracticeRows({
      lesson,
      transcript,
      vocabulary,
      stored: [stored('l2', 'dictation', '2026-11-20T11:00:00Z')],
      pending: [],
      passed: true,
    });
    const lines = rows.filter((r) => r.kind === 'line');
    expect(lines).toHaveLength(6);
    expect(lines.find((r) => r.item_id === 'l2' && r.skill === 'dictation')).toMatchObject({
      is_new: false,
      due: '2026-11-20T11:00:00Z',
      audio_url: 'lessons/1.mp3',
    });
    // Cards: untimed lines are left out, Say it needs a translation; the due one comes first.
    const cards = practiceCards(practiceOrder(rows, NOW), options);
    expect(cards.map((c) => c.key)).toEqual(['l2:dictation', 'l1:dictation', 'l1:speaking']);
    expect(cards[0]).toMatchObject({
      skill: 'dictation',
      due: new Date('2026-11-20T11:00:00Z'),
      audio: { normal: ['http://api.test/storage/v1/object/public/lesson-audio/lessons/1.mp3'] },
    });
  });

  it('returns word cards in the learner’s language, four options for listening, the item to record', () => {
    const rows = lessonPracticeRows({
      lesson,
      transcript,
      vocabulary,
      stored: [],
      pending: vocabulary.map((w) => answered(w.id, true)),
      passed: false,
    });
    const cards = practiceCards(rows, options);
    const recall = cards.find((c) => c.skill === 'recall' && c.itemId === 'w3');
    expect(recall).toMatchObject({
      hungarian: 'kérek',
      meaning: { text: 'ich möchte', language: 'de', fallback: false },
      item: { kind: 'vocabulary', id: 'w3' },
    });
    const listening = cards.find((c) => c.skill === 'listening' && c.itemId === 'w1');
    if (listening?.skill !== 'listening') throw new Error('no listening card');
    expect(listening.options).toHaveLength(4);
    expect(listening.options.filter((o) => o.isCorrect).map((o) => o.text)).toEqual(['gut']);
  });

  it('returns a review session cut to its length, due before new, one item’s skills apart', () => {
    const rows = lessonPracticeRows({
      lesson,
      transcript,
      vocabulary,
      stored: [
        stored('w1', 'recall', '2026-11-20T10:00:00Z'),
        stored('w1', 'listening', '2026-11-20T09:00:00Z'),
      ],
      pending: [answered('w1', true), answered('w3', true)],
      passed: true,
    });
    const cards = reviewCards(
      { rows, lessons: new Map() },
      { size: 10, language: 'en', backendUrl: 'http://api.test', now: NOW, seed: 1 },
    );
    expect(cards).toHaveLength(7);
    expect(cards.slice(0, 2).map((c) => c.itemId)).not.toEqual(['w1', 'w1']);
    expect(
      cards
        .filter((c) => c.due !== null)
        .map((c) => c.key)
        .sort(),
    ).toEqual(['w1:listening', 'w1:recall']);
    for (let i = 1; i < cards.length; i++) {
      expect(cards[i]?.itemId === cards[i - 1]?.itemId, cards.map((c) => c.key).join()).toBe(false);
    }
  });
});
