// The synthetic demo voices (espeak-ng variants, see make-audio.ts) and who speaks with which.
// The narrator, Anna and Bence keep one voice each through the course; the other people of a
// scene are lesson characters and name one of the character voices, which must fit their sex
// (checked in course.test.ts). The narrator's voice speaks narration only.
//
// The variants were compared on the same sentences by how much of the loud speech the pitch
// tracker finds voiced (a rough or breathy variant is harder to follow, and its questions cannot
// be measured): f4 97 %, f2 94 %, f3 93 %, f1 91 %, Andrea 98 %; m6 88 %, m7 88 %, m5 84 %,
// m2 82 %, m8 81 %. grandpa (31 %) and grandma (73 %) were too rough for older speakers; f1
// (espeak-ng's own "female, 70") and m8 ("male, 50") are older voices that stay clear.
import type { CharacterVoice, SeedLesson, SeedLine, Sex, Speaker } from './types.ts';

export type VoiceName = Speaker | CharacterVoice | 'word';

export type Age = 'young' | 'adult' | 'older';

export type Voice = {
  /** The espeak-ng variant the voice is made from (voices/!v/<base>). */
  readonly base: string;
  readonly sex: Sex;
  readonly age: Age;
  /** Pitch range in Hz (low, high): wider than the variants' own so questions can rise. */
  readonly pitch: readonly [number, number];
  /** Words per minute at normal speed. */
  readonly speed: number;
};

export const VOICES: Readonly<Record<VoiceName, Voice>> = {
  narrator: { base: 'm5', sex: 'male', age: 'adult', pitch: [82, 135], speed: 145 },
  anna: { base: 'f4', sex: 'female', age: 'adult', pitch: [150, 245], speed: 150 },
  bence: { base: 'm2', sex: 'male', age: 'adult', pitch: [95, 160], speed: 158 },
  woman: { base: 'f2', sex: 'female', age: 'adult', pitch: [165, 250], speed: 150 },
  young_woman: { base: 'Andrea', sex: 'female', age: 'young', pitch: [195, 290], speed: 155 },
  older_woman: { base: 'f1', sex: 'female', age: 'older', pitch: [140, 215], speed: 138 },
  man: { base: 'm6', sex: 'male', age: 'adult', pitch: [88, 150], speed: 150 },
  young_man: { base: 'm7', sex: 'male', age: 'young', pitch: [105, 170], speed: 158 },
  older_man: { base: 'm8', sex: 'male', age: 'older', pitch: [72, 120], speed: 138 },
  word: { base: 'f3', sex: 'female', age: 'adult', pitch: [145, 225], speed: 125 },
};

/** The voice of each of the spec's speakers. */
export const SPEAKER_VOICES: Readonly<Record<Speaker, VoiceName>> = {
  narrator: 'narrator',
  anna: 'anna',
  bence: 'bence',
};

/** The voice that speaks a line: its character's, or its speaker's. */
export function lineVoice(lesson: SeedLesson, line: SeedLine): VoiceName {
  const [speaker, , , key] = line;
  if (key === undefined) return SPEAKER_VOICES[speaker];
  const found = lesson.characters?.find((c) => c.key === key);
  if (!found) throw new Error(`lesson ${lesson.number}: no character "${key}"`);
  return found.voice;
}
