import type { Level, Speaker } from '@magyarul/core/enums';
import type { MessageParams } from '@magyarul/core/messages';
import { storedDuration, storedTranslation, withDefaultTimings } from '@magyarul/core/lessons';
import {
  AUDIO_BUCKET,
  deleteLessons,
  objectPath,
  removeObjects,
  setPublished,
  uploadObject,
  client,
} from './api.ts';
import { toAppError } from '../lib/supabase.ts';
import { analyserFor } from './analyser-port.ts';
import { tokenPlan } from './line-tokens.ts';
import { fetchGlossaryLemmas, saveLineTokens } from './tokens-api.ts';
import { english, translate, type TextKey } from '../lib/i18n/catalogue.ts';

export type NewLessonPayload = {
  readonly lessonNumber: number;
  readonly title: string;
  readonly description: string;
  readonly level: Level;
  readonly status: 'draft' | 'published';
  readonly audioDuration: number | null;
  readonly audioFile: File;
  /** Translations as typed ('' or absent for none). */
  readonly transcriptData: readonly {
    speaker: string;
    line: string;
    translation_en?: string;
    translation_de?: string;
    translation_es?: string;
  }[];
  /** German and Spanish meanings as typed ('' or absent for none). */
  readonly vocabularyData: readonly {
    word_hu: string;
    word_en: string;
    word_de?: string;
    word_es?: string;
    difficulty: Level;
  }[];
  /** Per vocabulary row (same order), the audio file chosen for it, if any. */
  readonly vocabularyAudio: readonly (File | null)[];
  readonly generatedImage: string | null;
};

export type CreatePart = 'audio' | 'vocabulary-audio' | 'lesson' | 'transcript' | 'vocabulary';

/**
 * A create that failed in one part: `key` and `params` name the part for the admin (the dialog
 * renders them in the interface language); `message` is the English text, for logs.
 */
export class CreateLessonError extends Error {
  readonly part: CreatePart;
  readonly key: TextKey;
  readonly params: MessageParams;
  constructor(part: CreatePart, key: TextKey, params: MessageParams) {
    super(translate(english, key, params));
    this.name = 'CreateLessonError';
    this.part = part;
    this.key = key;
    this.params = params;
  }
}

const PART_KEYS: Readonly<Record<CreatePart | 'publish', TextKey>> = {
  audio: 'create.audioUploadFailed',
  'vocabulary-audio': 'adminUi.createPartVocabularyAudio',
  lesson: 'adminUi.createPartLesson',
  transcript: 'adminUi.createPartTranscript',
  vocabulary: 'adminUi.createPartVocabulary',
  publish: 'adminUi.createPartPublish',
};

/**
 * All or nothing: files go first to a lesson-scoped path, then the lesson row (unpublished),
 * transcript and vocabulary; publishing is the last step. Any failure removes what was made
 * (the lesson row cascades to its lines and words; uploaded objects are removed) and throws a
 * CreateLessonError naming the failed part.
 */
export async function createLessonAtomically(payload: NewLessonPayload): Promise<string> {
  const lessonId = crypto.randomUUID();
  const uploaded: string[] = [];
  let lessonCreated = false;
  let part: CreatePart | 'publish' = 'audio';
  try {
    const audioPath = objectPath(lessonId, payload.audioFile.name);
    await uploadObject(AUDIO_BUCKET, audioPath, payload.audioFile, payload.audioFile.type);
    uploaded.push(audioPath);

    part = 'vocabulary-audio';
    const wordPaths: (string | null)[] = [];
    for (const file of payload.vocabularyAudio) {
      if (!file) {
        wordPaths.push(null);
        continue;
      }
      const path = objectPath(`${lessonId}/words`, file.name);
      await uploadObject(AUDIO_BUCKET, path, file, file.type);
      uploaded.push(path);
      wordPaths.push(path);
    }

    part = 'lesson';
    const supabase = await client();
    const { error: lessonError } = await supabase.from('lessons').insert({
      id: lessonId,
      lesson_number: payload.lessonNumber,
      title: payload.title.trim().normalize('NFC'),
      description: payload.description.trim().normalize('NFC') || null,
      level: payload.level,
      // One rounding rule (core): the header shows what the player's clock shows.
      duration: storedDuration(payload.audioDuration),
      is_published: false,
      audio_url: audioPath,
      image_url: payload.generatedImage,
    });
    if (lessonError) throw toAppError(lessonError);
    lessonCreated = true;

    part = 'transcript';
    const timings = withDefaultTimings(payload.transcriptData.map(() => ({})));
    const lines = payload.transcriptData.map((row, index) => ({
      lesson_id: lessonId,
      line_number: index + 1,
      // Sent as typed (lower-cased), as before: the database's speaker enum refuses others.
      speaker: row.speaker.toLowerCase() as Speaker,
      text_content: row.line.normalize('NFC'),
      start_time: timings[index]?.start_time ?? index * 5,
      end_time: timings[index]?.end_time ?? index * 5 + 4,
      translation_en: storedTranslation(row.translation_en),
      translation_de: storedTranslation(row.translation_de),
      translation_es: storedTranslation(row.translation_es),
    }));
    let stored: { id: string; text_content: string }[] = [];
    if (lines.length > 0) {
      const { data, error } = await supabase
        .from('lesson_transcript')
        .insert(lines)
        .select('id, text_content');
      if (error) throw toAppError(error);
      stored = data;
    }

    part = 'vocabulary';
    let words: { id: string; word_hu: string }[] = [];
    if (payload.vocabularyData.length > 0) {
      const { data, error } = await supabase
        .from('lesson_vocabulary')
        .insert(
          payload.vocabularyData.map((w, index) => ({
            lesson_id: lessonId,
            word_hu: w.word_hu.normalize('NFC'),
            word_en: w.word_en.normalize('NFC'),
            word_de: storedTranslation(w.word_de),
            word_es: storedTranslation(w.word_es),
            difficulty: w.difficulty,
            audio_file_path: wordPaths[index] ?? null,
          })),
        )
        .select('id, word_hu');
      if (error) throw toAppError(error);
      words = data;
    }

    await proposeWords(lessonId, stored, words);

    part = 'publish';
    if (payload.status === 'published') await setPublished([lessonId], true);
    return lessonId;
  } catch (error) {
    console.error(`Creating lesson ${lessonId} failed at ${part}; rolling back.`, error);
    if (lessonCreated) {
      await deleteLessons([lessonId]).catch((e: unknown) => {
        console.error('Rollback: deleting the lesson failed', e);
      });
    }
    await removeObjects(AUDIO_BUCKET, uploaded).catch((e: unknown) => {
      console.error('Rollback: removing uploaded audio failed', e);
    });
    throw new CreateLessonError(part === 'publish' ? 'lesson' : part, PART_KEYS[part], {
      error: toAppError(error).message,
    });
  }
}

/**
 * The new lesson's lines get proposed words (dictionary forms and grammar notes from the
 * analyser, links to its words and the glossary), unconfirmed, as a review editor's save gives
 * new lines (DESIGN §12.3), so a lesson published from the dialog is tappable word by word. Not
 * a part of the all-or-nothing create: without them the lesson is whole (its lines plain text
 * until the review editor's next save proposes them), so a failure is logged, not undone.
 */
async function proposeWords(
  lessonId: string,
  lines: readonly { id: string; text_content: string }[],
  words: readonly { id: string; word_hu: string }[],
): Promise<void> {
  if (lines.length === 0) return;
  try {
    const [glossary, morphology] = await Promise.all([
      fetchGlossaryLemmas(),
      analyserFor(lines.map((line) => line.text_content)),
    ]);
    const vocabulary = words.map((w) => ({ id: w.id, lemma: w.word_hu }));
    const plan = tokenPlan([], new Map(), new Map(), lines, { vocabulary, glossary, morphology });
    await saveLineTokens(lessonId, plan.saves);
  } catch (error) {
    console.warn(
      `Proposing the words of lesson ${lessonId} failed; the review editor will.`,
      error,
    );
  }
}
