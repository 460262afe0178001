import { describe, expect, it } from 'vitest';
import {
  characterNames,
  lessonDescription,
  lessonTitle,
  notesByLine,
  notesIn,
  type LessonNoteRow,
} from './lesson-texts.ts';

const lesson = {
  title: 'Jó napot! Hello and goodbye',
  title_de: 'Jó napot! Hallo und auf Wiedersehen',
  title_es: null,
  description: 'Greetings.',
  description_de: 'Grüße.',
  description_es: '',
};

describe('a lesson’s title and description in the learner’s language', () => {
  it('takes the learner’s language when the lesson has it', () => {
    expect(lessonTitle(lesson, 'de')).toEqual({
      text: 'Jó napot! Hallo und auf Wiedersehen',
      language: 'de',
      fallback: false,
    });
    expect(lessonDescription(lesson, 'de')).toEqual({
      text: 'Grüße.',
      language: 'de',
      fallback: false,
    });
  });

  it('falls back to English, marked, when it is missing, empty or absent from an older copy', () => {
    expect(lessonTitle(lesson, 'es')).toEqual({
      text: 'Jó napot! Hello and goodbye',
      language: 'en',
      fallback: true,
    });
    expect(lessonDescription(lesson, 'es')?.fallback).toBe(true);
    expect(lessonTitle({ title: 'Old copy' }, 'de')).toEqual({
      text: 'Old copy',
      language: 'en',
      fallback: true,
    });
    expect(lessonTitle({ title: 'Old copy' }, 'en').fallback).toBe(false);
  });

  it('has no description when the lesson has none in any language', () => {
    expect(lessonDescription({ description: null }, 'de')).toBeNull();
  });

  it('keeps the stored text NFC', () => {
    const decomposed = 'Jo\u0301 napot';
    expect(lessonTitle({ title: 'x', title_de: decomposed }, 'de').text).toBe('Jó napot');
  });
});

describe('characters’ names', () => {
  it('names each character by key in the learner’s language, English marked where missing', () => {
    const names = characterNames(
      [
        { key: 'waitress', name_en: 'Waitress', name_de: 'Kellnerin', name_es: 'Camarera' },
        { key: 'anna_mother', name_en: 'Anna’s mother', name_de: null, name_es: null },
      ],
      'de',
    );
    expect(names.get('waitress')).toEqual({ text: 'Kellnerin', language: 'de', fallback: false });
    expect(names.get('anna_mother')).toEqual({
      text: 'Anna’s mother',
      language: 'en',
      fallback: true,
    });
    expect(names.get('nobody')).toBeUndefined();
  });
});

describe('lesson notes', () => {
  const note = (position: number, lines: number[], de: string | null): LessonNoteRow => ({
    id: `n${position}`,
    position,
    title_en: `Note ${position}`,
    title_de: de,
    title_es: null,
    body_en: `Body ${position}`,
    body_de: de === null ? null : `Text ${position}`,
    body_es: null,
    line_numbers: lines,
  });

  it('numbers the notes in their order, each in the learner’s language or English marked', () => {
    const notes = notesIn([note(3, [5, 2, 5], null), note(1, [2], 'Erste')], 'de');
    expect(notes.map((n) => [n.id, n.number])).toEqual([
      ['n1', 1],
      ['n3', 2],
    ]);
    expect(notes[0]?.title).toEqual({ text: 'Erste', language: 'de', fallback: false });
    expect(notes[1]?.body).toEqual({ text: 'Body 3', language: 'en', fallback: true });
    expect(notes[1]?.lineNumbers).toEqual([2, 5]);
  });

  it('lists the notes explaining each line', () => {
    const notes = notesIn([note(1, [2], null), note(2, [2, 4], null)], 'en');
    const byLine = notesByLine(notes);
    expect(byLine.get(2)?.map((n) => n.id)).toEqual(['n1', 'n2']);
    expect(byLine.get(4)?.map((n) => n.id)).toEqual(['n2']);
    expect(byLine.has(1)).toBe(false);
  });
});
