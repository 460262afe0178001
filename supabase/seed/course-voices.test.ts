// Voices and tempos (issue 32 point 1): every speaker of every line has a voice that fits the
// role, stated in the lesson data; the narrator's voice speaks narration only; every dialogue
// exists slow, at normal speed and at natural tempo (at least 5 syllables per second), each
// with its own measured syllable rate.
import { describe, expect, it } from 'vitest';
import { loadTimings, syllableRate } from './content/catalog.ts';
import { LESSONS } from './content/lessons.ts';
import { CHARACTER_VOICES, SPEAKERS } from './content/types.ts';
import { lineVoice, SPEAKER_VOICES, VOICES } from './content/voices.ts';

/** Conversational Hungarian runs at 5–6 syllables per second. */
const NATURAL_MIN = 5;

describe('voices', () => {
  it('gives the narrator, Anna and Bence their own voice, each fitting them', () => {
    expect(VOICES[SPEAKER_VOICES.anna].sex).toBe('female');
    expect(VOICES[SPEAKER_VOICES.bence].sex).toBe('male');
    const bases = SPEAKERS.map((s) => VOICES[SPEAKER_VOICES[s]].base);
    expect(new Set(bases).size).toBe(SPEAKERS.length);
    // Every voice is its own espeak-ng variant: no two people share one.
    const all = Object.values(VOICES).map((v) => v.base);
    expect(new Set(all).size).toBe(all.length);
  });

  it('states a character for every line the narrator does not narrate, each with a voice that fits its sex', () => {
    let characters = 0;
    let characterLines = 0;
    for (const lesson of LESSONS) {
      const cast = lesson.characters ?? [];
      const keys = cast.map((c) => c.key);
      expect(new Set(keys).size, `lesson ${lesson.number}: character keys`).toBe(keys.length);
      for (const c of cast) {
        characters += 1;
        expect(CHARACTER_VOICES, `lesson ${lesson.number} ${c.key}`).toContain(c.voice);
        expect(VOICES[c.voice].sex, `lesson ${lesson.number} ${c.key}'s voice`).toBe(c.sex);
        expect(
          lesson.lines.some((l) => l[3] === c.key),
          `lesson ${lesson.number}: ${c.key} speaks`,
        ).toBe(true);
      }
      // The people of one scene sound different: Anna, Bence and each character.
      const people = new Map<string, string>();
      for (const line of lesson.lines) {
        const person = line[3] ?? line[0];
        if (person === 'narrator') continue;
        people.set(person, lineVoice(lesson, line));
      }
      const voices = [...people.values()];
      expect(new Set(voices).size, `lesson ${lesson.number}: one voice per person`).toBe(
        voices.length,
      );
      for (const line of lesson.lines) {
        const [speaker, text, , key] = line;
        if (key !== undefined) {
          characterLines += 1;
          expect(keys, `lesson ${lesson.number}: "${text}"`).toContain(key);
          expect(speaker, `a character's line keeps the enum speaker narrator`).toBe('narrator');
          expect(lineVoice(lesson, line)).not.toBe(SPEAKER_VOICES.narrator);
        } else if (speaker === 'narrator') {
          // Narration only: no quoted speech (X kérdezi: …) and no question to anyone.
          expect(text, `lesson ${lesson.number}: narration quotes someone`).not.toMatch(/:/u);
          expect(text, `lesson ${lesson.number}: narration asks`).not.toMatch(/\?/u);
          expect(lineVoice(lesson, line)).toBe(SPEAKER_VOICES.narrator);
        } else {
          expect(lineVoice(lesson, line)).toBe(SPEAKER_VOICES[speaker]);
        }
      }
    }
    console.log(`characters: ${characters} in ${LESSONS.length} lessons, ${characterLines} lines`);
  });

  it('gives the parents and Mr Kovács an older voice', () => {
    const older = LESSONS.flatMap((l) =>
      (l.characters ?? []).filter((c) => /mother|father|Mr /u.test(c.name.en)),
    );
    expect(older.length).toBeGreaterThanOrEqual(5);
    for (const c of older) expect(VOICES[c.voice].age, c.name.en).toBe('older');
  });
});

describe('three tempos', () => {
  const timings = loadTimings();

  it('renders every dialogue slow, normal and natural with measured syllable rates, natural at 5 or more', () => {
    const rates: string[] = [];
    for (const lesson of LESSONS) {
      const entry = timings.lessons[String(lesson.number)];
      if (!entry) throw new Error(`no timings for lesson ${lesson.number}`);
      for (const rendering of [entry.slow, entry, entry.natural]) {
        expect(rendering.lines).toHaveLength(lesson.lines.length);
        // The rate stored is the one the line times give (syllables over speech time).
        expect(rendering.syllablesPerSecond).toBe(syllableRate(lesson, rendering.lines));
      }
      expect(entry.slow.syllablesPerSecond).toBeLessThan(entry.syllablesPerSecond);
      expect(entry.syllablesPerSecond).toBeLessThan(entry.natural.syllablesPerSecond);
      expect(entry.natural.syllablesPerSecond, `lesson ${lesson.number}`).toBeGreaterThanOrEqual(
        NATURAL_MIN,
      );
      rates.push(
        `${lesson.number}:${entry.slow.syllablesPerSecond}/${entry.syllablesPerSecond}/${entry.natural.syllablesPerSecond}`,
      );
    }
    console.log(`syllables per second (slow/normal/natural): ${rates.join(' ')}`);
  });
});
