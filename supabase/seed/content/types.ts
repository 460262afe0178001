// The shape of the demo content. Lessons are written by hand in lessons-*.ts; the audio timings
// are computed by make-audio.ts and stored in timings.json so seeding never needs espeak-ng.
// Every translation is required: a line or word without its English, German or Spanish meaning
// does not type-check.

export const SPEAKERS = ['narrator', 'anna', 'bence'] as const;
export type Speaker = (typeof SPEAKERS)[number];

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** The meaning of a line or word in each language the product teaches from. */
export type Translation = { readonly en: string; readonly de: string; readonly es: string };

/** One dialogue line: who speaks, what they say (NFC Hungarian) and what it means. */
export type SeedLine = readonly [speaker: Speaker, text: string, translation: Translation];

export type SeedWord = {
  /** Dictionary form shown on the flashcard. */
  readonly hu: string;
  /** Short, unambiguous meanings: they are the options of a multiple-choice card. */
  readonly en: string;
  readonly de: string;
  readonly es: string;
  readonly difficulty: Difficulty;
  /**
   * Forms the dialogues use that the Hungarian spell-checker does not reduce to `hu` (irregular
   * or fused forms such as `nincs` for `van`). Regular inflections are found by the stemmer.
   */
  readonly forms?: readonly string[];
};

/**
 * A word the lesson does not teach but lets the learner meet: the line translations of every
 * line that contains `form` must show its meaning in each language (checked in course.test.ts).
 */
export type SeedGloss = {
  /** The form as it occurs in the dialogue (lower case). */
  readonly form: string;
  readonly en: string;
  readonly de: string;
  readonly es: string;
};

export type SeedLesson = {
  readonly number: number;
  /** English metadata (title, description, topic), as the lesson list shows it. */
  readonly title: string;
  readonly description: string;
  readonly topic: string;
  readonly level: Difficulty;
  readonly lines: readonly SeedLine[];
  readonly words: readonly SeedWord[];
  readonly glosses?: readonly SeedGloss[];
};

/** One entry of the tourist pack: Hungarian and its meanings; the position is the index + 1. */
export type PackWord = readonly [hu: string, en: string, de: string, es: string];

/** Line times in seconds (2 decimals) of one rendering of a dialogue. */
export type LineTimes = readonly { readonly start: number; readonly end: number }[];

/** Where each yes/no question (a chunk of a line, see prosody.ts) is spoken, in seconds. */
export type QuestionTimes = readonly {
  /** 1-based line number. */
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}[];

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
      readonly lines: LineTimes;
      readonly questions: QuestionTimes;
      /** The slower rendering for beginners: its own file and its own exact line times. */
      readonly slow: {
        readonly file: string;
        readonly duration: number;
        readonly bytes: number;
        readonly lines: LineTimes;
        readonly questions: QuestionTimes;
      };
    }
  >;
  readonly words: Record<
    string,
    { readonly file: string; readonly duration: number; readonly bytes: number }
  >;
};
