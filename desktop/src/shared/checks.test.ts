import { describe, expect, it } from 'vitest';
import { checkLesson, errorsOf, isTimed, lessonLabel, warningsOf } from './checks.ts';
import type { LessonDraft, TranscriptLine, VocabularyWord } from './model.ts';

let nextId = 1;
function line(
  speaker: string,
  text: string,
  startTime: number | null,
  endTime: number | null,
  translations: [string, string, string] = ['Hi', 'Hallo', 'Hola'],
): TranscriptLine {
  const id = nextId++;
  return {
    id,
    lineNumber: id,
    speaker,
    text,
    startTime,
    endTime,
    translationEn: translations[0],
    translationDe: translations[1],
    translationEs: translations[2],
    timedByHand: false,
  };
}

function word(wordHu: string, audioFile: string | null, de = 'de', es = 'es'): VocabularyWord {
  const id = nextId++;
  return {
    id,
    position: id,
    wordHu,
    wordEn: 'en',
    wordDe: de,
    wordEs: es,
    difficulty: 'beginner',
    audioFile,
    matchLevel: audioFile ? 'exact' : null,
  };
}

function draft(patch: Partial<LessonDraft>): LessonDraft {
  const lines = (patch.lines ?? []).map((l, i) => ({ ...l, lineNumber: i + 1 }));
  return {
    id: 1,
    folder: '/x',
    lessonNumber: 901,
    title: 'Köszönés',
    level: 'beginner',
    durationSeconds: 10.9,
    tokens: [],
    lineCount: lines.length,
    wordCount: 0,
    matchedWordCount: 0,
    issueCount: 0,
    publishState: 'never',
    publishedStatus: null,
    remoteId: null,
    changedSincePublish: false,
    updatedAt: '',
    description: '',
    topic: '',
    dialogueFile: 'dialogue.mp3',
    words: [word('szia', 'szia.mp3')],
    audioFiles: [],
    issues: [],
    ...patch,
    lines,
  };
}

const codes = (issues: readonly { code: string }[]) => issues.map((issue) => issue.code);

describe('checkLesson', () => {
  it('returns nothing for a lesson that is timed, translated and has word audio', () => {
    const clean = draft({
      lines: [line('anna', 'Szia!', 0.4, 1.2), line('bence', 'Szia, Anna!', 5.5, 6.9)],
    });
    expect(checkLesson(clean)).toEqual([]);
  });

  it('returns errors for untimed lines, overlaps, inverted spans and times past the audio', () => {
    const issues = checkLesson(
      draft({
        lines: [
          line('anna', 'Egy', 0, 4),
          line('bence', 'Kettő', null, null),
          line('anna', 'Három', 3.5, 6),
          line('narrator', 'Négy', 7, 6.5),
          line('bence', 'Öt', 10, 11.2),
          line('anna', 'Hat', 11.3, null),
        ],
      }),
    );
    expect(errorsOf(issues).map((i) => i.message)).toEqual([
      'Line 2 has no start or end time.',
      'Line 3 starts (0:03.50) before line 1 ends (0:04.00).',
      'Line 4 ends (0:06.50) before it starts (0:07.00).',
      'Line 5 ends at 0:11.20, after the end of the audio (0:10.90).',
      'Line 6 has no end time.',
    ]);
    expect(errorsOf(issues).every((i) => i.lineId !== null)).toBe(true);
  });

  it('returns lines that touch as no overlap, and a line ending within 50 ms of the end as fine', () => {
    const issues = checkLesson(
      draft({ lines: [line('anna', 'Egy', 0, 5.5), line('bence', 'Kettő', 5.5, 10.94)] }),
    );
    expect(errorsOf(issues)).toEqual([]);
  });

  it('returns an error for a speaker the server does not know, an empty line, no number and no audio', () => {
    const issues = checkLesson(
      draft({
        lessonNumber: null,
        dialogueFile: null,
        durationSeconds: null,
        lines: [line('péter', 'Jó napot!', 0, 1), line('anna', ' ', 1, 2)],
      }),
    );
    expect(codes(errorsOf(issues))).toEqual([
      'check-no-number',
      'check-no-dialogue',
      'check-unknown-speaker',
      'check-empty-text',
    ]);
  });

  it('returns warnings, never errors, for missing word audio and missing translations, each naming the first line or word it counts', () => {
    const lines = [
      line('anna', 'Egy', 0, 1, ['One', '', 'Uno']),
      line('anna', 'Kettő', 1, 2, ['Two', '', '']),
    ];
    const words = [word('alma', null, '', 'manzana'), word('körte', 'körte.mp3', 'Birne', '')];
    const issues = checkLesson(draft({ lines, words }));
    expect(errorsOf(issues)).toEqual([]);
    expect(warningsOf(issues).map((i) => [i.message, i.lineId, i.wordId])).toEqual([
      ['The word “alma” has no audio.', null, words[0]?.id],
      ['German translation missing for 2 of 2 lines.', lines[0]?.id, null],
      ['Spanish translation missing for 1 of 2 lines.', lines[1]?.id, null],
      ['German meaning missing for 1 of 2 words.', null, words[0]?.id],
      ['Spanish meaning missing for 1 of 2 words.', null, words[1]?.id],
    ]);
  });

  it('returns an error for an empty transcript and a warning for no words', () => {
    expect(codes(checkLesson(draft({ lines: [], words: [] })))).toEqual([
      'check-no-lines',
      'check-no-words',
    ]);
  });
});

describe('labels and timing', () => {
  it('returns the lesson named by number and title', () => {
    expect(lessonLabel({ lessonNumber: 3, title: 'Piac' })).toBe('Lesson 3 “Piac”');
    expect(lessonLabel({ lessonNumber: null, title: 'Új' })).toBe('Lesson (no number) “Új”');
  });

  it('returns a warning when a line is too short or too long for its syllables', () => {
    const fast = line('anna', 'Egy kávét kérek, és egy pohár vizet is.', 1, 1.66);
    const slow = line('bence', 'Igen.', 2, 6);
    const fine = line('anna', 'Jó napot! Bence vagyok.', 7, 8.5);
    const issues = checkLesson(draft({ lines: [fast, slow, fine] }));
    const pace = issues.filter((issue) => issue.code.startsWith('check-pace'));
    expect(pace.map((issue) => [issue.code, issue.severity, issue.lineId])).toEqual([
      ['check-pace-fast', 'warning', fast.id],
      ['check-pace-slow', 'warning', slow.id],
    ]);
    expect(pace[0]?.message).toBe(
      'Line 1 lasts 0.66 s for 12 syllables (18.2 per second): too short for its text; check its times.',
    );
  });

  it('returns timed only when both ends are set', () => {
    expect(isTimed({ startTime: 0, endTime: 1 })).toBe(true);
    expect(isTimed({ startTime: 0, endTime: null })).toBe(false);
  });
});
