// The shape of the demo content. Lessons are written by hand in lessons.ts; the audio timings
// are computed by make-audio.ts and stored in timings.json so seeding never needs espeak-ng.

export const SPEAKERS = ['narrator', 'anna', 'bence'] as const;
export type Speaker = (typeof SPEAKERS)[number];

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** A text in the three meaning languages. */
export type Translation = { readonly en: string; readonly de: string; readonly es: string };

/**
 * One dialogue line: who speaks, what they say (NFC Hungarian) and what it means. TEMPORARY:
 * the translation is optional until the course content translates every lesson.
 */
export type SeedLine = readonly [speaker: Speaker, text: string, translation?: Translation];

export type SeedWord = {
  /** Dictionary form shown on the flashcard. */
  readonly hu: string;
  readonly en: string;
  /** TEMPORARY optional: until the course content translates every lesson. */
  readonly de?: string;
  readonly es?: string;
  readonly difficulty: Difficulty;
  /** The inflected form that occurs in the dialogue, when it differs from `hu`. */
  readonly form?: string;
};

export type SeedLesson = {
  readonly number: number;
  readonly title: string;
  readonly description: string;
  readonly topic: string;
  readonly level: Difficulty;
  readonly lines: readonly SeedLine[];
  readonly words: readonly SeedWord[];
};

/** One entry of the tourist pack: [Hungarian, English]; the position is the index + 1. */
export type PackWord = readonly [hu: string, en: string];

/** Written by make-audio.ts: exact line times in seconds (2 decimals) and clip durations. */
export type Timings = {
  readonly generator: string;
  readonly lessons: Record<
    string,
    {
      readonly file: string;
      /** dialogueHash() of the lines the audio was made from. */
      readonly hash: string;
      readonly duration: number;
      readonly bytes: number;
      readonly lines: readonly { readonly start: number; readonly end: number }[];
    }
  >;
  readonly words: Record<
    string,
    { readonly file: string; readonly duration: number; readonly bytes: number }
  >;
};
