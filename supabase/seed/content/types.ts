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

/**
 * One dialogue line: who speaks, what they say (NFC Hungarian) and what it means. A line spoken by
 * one of the lesson's characters (the waitress, Anna's mother) has the speaker `narrator` (the
 * spec's enum) and the character's key; it is spoken in the character's voice, never the
 * narrator's, who speaks narration only.
 */
export type SeedLine = readonly [
  speaker: Speaker,
  text: string,
  translation: Translation,
  character?: string,
];

export const SEXES = ['female', 'male'] as const;
export type Sex = (typeof SEXES)[number];

/** A person of a scene beside the narrator, Anna and Bence, with the voice that speaks them. */
export type SeedCharacter = {
  /** Lower-case key, unique in the lesson (lesson_characters.key). */
  readonly key: string;
  /** How the transcript labels the character, in the learner's language. */
  readonly name: Translation;
  readonly sex: Sex;
  /** One of the voices of voices.ts; it must fit the character's sex (and age, where it can). */
  readonly voice: CharacterVoice;
};

/** The synthetic voices a character may have (the narrator's, Anna's and Bence's are theirs). */
export const CHARACTER_VOICES = [
  'woman',
  'young_woman',
  'older_woman',
  'man',
  'young_man',
  'older_man',
] as const;
export type CharacterVoice = (typeof CHARACTER_VOICES)[number];

/**
 * A short grammar or usage note (Assimil style), tied to the lines it explains: every line of the
 * lesson in which one of `forms` is heard (a word, or words in a row; noteLines() in
 * course-check.ts), so the tie survives editing the dialogue.
 */
export type SeedNote = {
  readonly forms: readonly string[];
  readonly title: Translation;
  readonly body: Translation;
};

/** The lesson's title and description in German and Spanish (English is title/description). */
export type LessonTexts = { readonly title: string; readonly description: string };

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
  /** Title and description in German and Spanish (lessons.title_de … description_es). */
  readonly de: LessonTexts;
  readonly es: LessonTexts;
  readonly topic: string;
  readonly level: Difficulty;
  readonly lines: readonly SeedLine[];
  readonly words: readonly SeedWord[];
  readonly glosses?: readonly SeedGloss[];
  /** The other people of the scene, each with a voice that fits the role. */
  readonly characters?: readonly SeedCharacter[];
  /** 2–5 notes on the grammar or usage the lesson's lines show. */
  readonly notes: readonly SeedNote[];
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

/** One rendering of a dialogue: its file, its exact line times and its measured tempo. */
export type RenderingTimings = {
  readonly file: string;
  readonly duration: number;
  readonly bytes: number;
  readonly lines: LineTimes;
  readonly questions: QuestionTimes;
  /** Syllables spoken per second of speech (line start to end, pauses between lines excluded). */
  readonly syllablesPerSecond: number;
};

/** Written by make-audio.ts: exact line times in seconds (2 decimals) and clip durations. */
export type Timings = {
  readonly generator: string;
  readonly lessons: Record<
    string,
    RenderingTimings & {
      /** dialogueHash() of the lines and voices the audio was made from. */
      readonly hash: string;
      /** The slower rendering for beginners: its own file and its own exact line times. */
      readonly slow: RenderingTimings;
      /** Natural conversational tempo (at least 5 syllables per second). */
      readonly natural: RenderingTimings;
    }
  >;
  readonly words: Record<
    string,
    { readonly file: string; readonly duration: number; readonly bytes: number }
  >;
};
