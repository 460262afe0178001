import { pickTranslation, type Meaning, type MeaningLanguage } from '@magyarul/core/flashcards';

// A lesson's own texts in the learner's language (issue 32 point 4): its title and description,
// its characters' names and its notes. German and Spanish may be missing (null, or absent in a
// copy stored on the device before they existed): English then stands in, marked as a fallback
// the way meanings are (MeaningText shows the EN tag).

/** A lesson's title in its three languages, as the lessons table stores it. */
export type LessonTitles = {
  readonly title: string;
  readonly title_de?: string | null;
  readonly title_es?: string | null;
};

export type LessonDescriptions = {
  readonly description: string | null;
  readonly description_de?: string | null;
  readonly description_es?: string | null;
};

/** The title in `language`, else English (always there) marked as a fallback. */
export function lessonTitle(lesson: LessonTitles, language: MeaningLanguage): Meaning {
  return (
    pickTranslation({ en: lesson.title, de: lesson.title_de, es: lesson.title_es }, language) ?? {
      text: lesson.title,
      language: 'en',
      fallback: language !== 'en',
    }
  );
}

/** The description in `language`, else in English marked; null when the lesson has none. */
export function lessonDescription(
  lesson: LessonDescriptions,
  language: MeaningLanguage,
): Meaning | null {
  return pickTranslation(
    { en: lesson.description, de: lesson.description_de, es: lesson.description_es },
    language,
  );
}

/** A character of a lesson (lesson_characters), as the learner sees it. */
export type LessonCharacter = {
  readonly key: string;
  readonly name_en: string;
  readonly name_de: string | null;
  readonly name_es: string | null;
};

/** Each character's name in `language`, by key (English marked where that language lacks it). */
export function characterNames(
  characters: readonly LessonCharacter[],
  language: MeaningLanguage,
): ReadonlyMap<string, Meaning> {
  return new Map(
    characters.map((c) => [
      c.key,
      pickTranslation({ en: c.name_en, de: c.name_de, es: c.name_es }, language) ?? {
        text: c.name_en,
        language: 'en',
        fallback: language !== 'en',
      },
    ]),
  );
}

/** A lesson note (lesson_notes) as stored. */
export type LessonNoteRow = {
  readonly id: string;
  readonly position: number;
  readonly title_en: string;
  readonly title_de: string | null;
  readonly title_es: string | null;
  readonly body_en: string;
  readonly body_de: string | null;
  readonly body_es: string | null;
  readonly line_numbers: readonly number[];
};

/** A note in the learner's language: its number in the lesson, title, body and lines. */
export type LessonNote = {
  readonly id: string;
  readonly number: number;
  readonly title: Meaning;
  readonly body: Meaning;
  readonly lineNumbers: readonly number[];
};

/** The notes in their order, numbered from 1, each in `language` or English marked. */
export function notesIn(rows: readonly LessonNoteRow[], language: MeaningLanguage): LessonNote[] {
  const english = (text: string): Meaning => ({
    text,
    language: 'en',
    fallback: language !== 'en',
  });
  return [...rows]
    .sort((a, b) => a.position - b.position)
    .map((row, index) => ({
      id: row.id,
      number: index + 1,
      title:
        pickTranslation({ en: row.title_en, de: row.title_de, es: row.title_es }, language) ??
        english(row.title_en),
      body:
        pickTranslation({ en: row.body_en, de: row.body_de, es: row.body_es }, language) ??
        english(row.body_en),
      lineNumbers: [...new Set(row.line_numbers)].sort((a, b) => a - b),
    }));
}

/** The notes that explain each line, by line number, in the notes' order. */
export function notesByLine(notes: readonly LessonNote[]): ReadonlyMap<number, LessonNote[]> {
  const byLine = new Map<number, LessonNote[]>();
  for (const note of notes) {
    for (const line of note.lineNumbers) {
      const list = byLine.get(line) ?? [];
      list.push(note);
      byLine.set(line, list);
    }
  }
  return byLine;
}
