// The cards of a practice session, built from practice rows (get_practice_items / get_due_items,
// or a lesson's own rows on this device): one card per item and skill, each carrying what its
// screen shows. Pure: the pages and the benchmark build them the same way.
import {
  LESSON_FALLBACK_WORDS,
  buildCard,
  buildOptions,
  distractorsFor,
  fillerCardWord,
  meaningIn,
} from '@magyarul/core/flashcards';
import type {
  CardWord,
  Flashcard,
  FlashcardOption,
  Meaning,
  MeaningLanguage,
  Random,
} from '@magyarul/core/flashcards';
import { audioUrlCandidates, resolveAudioUrl } from '@magyarul/core/lessons';
import { canDictate, canSay, lineItem } from '@magyarul/core/practice';
import type { LineItem } from '@magyarul/core/practice';
import type { Skill } from '@magyarul/core';
import type { Database } from '../lib/database.ts';
import type { PracticeItemRef } from '../offline/queue.ts';

/** One row of get_practice_items / get_due_items. */
export type PracticeRow = Database['public']['Functions']['get_practice_items']['Returns'][number];

type Base = {
  /** `itemId:skill`: one card per item and skill. */
  readonly key: string;
  readonly itemId: string;
  readonly item: PracticeItemRef;
  readonly skill: Skill;
  /** When the item fell due; null for a new item. */
  readonly due: Date | null;
};

export type RecognitionCard = Base & { readonly skill: 'recognition'; readonly card: Flashcard };
export type RecallCard = Base & {
  readonly skill: 'recall';
  /** The vocabulary field: what the answer is checked against. */
  readonly hungarian: string;
  readonly meaning: Meaning;
  readonly audioUrl: string | null;
};
export type ListeningCard = Base & {
  readonly skill: 'listening';
  readonly hungarian: string;
  readonly meaning: Meaning;
  readonly audioUrl: string;
  /** Four meanings to pick from, in the card's meaning language. */
  readonly options: readonly FlashcardOption[];
};
/** Where a line plays: the candidates of the lesson's normal and slow recordings. */
export type LineAudio = {
  readonly normal: readonly string[];
  readonly slow: readonly string[] | null;
};
export type DictationCard = Base & {
  readonly skill: 'dictation';
  readonly line: LineItem;
  readonly audio: LineAudio;
};
export type SpeakingCard = Base & {
  readonly skill: 'speaking';
  readonly line: LineItem;
  readonly audio: LineAudio;
};
export type PracticeCard =
  RecognitionCard | RecallCard | ListeningCard | DictationCard | SpeakingCard;

export type CardOptions = {
  readonly language: MeaningLanguage;
  readonly backendUrl: string;
  readonly random: Random;
  /** The lesson recordings to play lines from (a downloaded lesson's copies), by lesson id. */
  readonly lessonAudio?: ReadonlyMap<
    string,
    { audio_url: string | null; slow_audio_url: string | null }
  >;
};

const FILLERS = LESSON_FALLBACK_WORDS.map(fillerCardWord);

function cardWord(row: PracticeRow, backendUrl: string): CardWord {
  return {
    id: row.item_id ?? '',
    word_hu: row.word_hu ?? '',
    word_en: row.word_en ?? '',
    word_de: row.word_de,
    word_es: row.word_es,
    difficulty: row.difficulty,
    audioUrl: resolveAudioUrl(row.audio_file_path, backendUrl),
  };
}

function base(row: PracticeRow): Base {
  const itemId = row.item_id ?? '';
  const skill = row.skill as Skill;
  const kind = row.kind === 'line' ? 'line' : row.lesson_id === null ? 'glossary' : 'vocabulary';
  return {
    key: `${itemId}:${skill}`,
    itemId,
    item: { kind, id: itemId },
    skill,
    due: row.is_new || !row.due ? null : new Date(row.due),
  };
}

function lineAudio(row: PracticeRow, options: CardOptions): LineAudio {
  const own = row.lesson_id ? options.lessonAudio?.get(row.lesson_id) : undefined;
  const normal = own?.audio_url ?? row.audio_url;
  const slow = own ? own.slow_audio_url : row.slow_audio_url;
  return {
    normal: audioUrlCandidates(normal, options.backendUrl),
    slow: slow ? audioUrlCandidates(slow, options.backendUrl) : null,
  };
}

/**
 * The cards of `rows` that can be shown: a line needs its recording and times (and, for Say it,
 * a translation), listening a word's recording. Word cards draw distractors from the other
 * words of `rows`, then common words.
 */
export function practiceCards(rows: readonly PracticeRow[], options: CardOptions): PracticeCard[] {
  const { language, backendUrl, random } = options;
  const words = new Map<string, CardWord>();
  for (const row of rows) {
    if (row.kind === 'word' && row.item_id) words.set(row.item_id, cardWord(row, backendUrl));
  }
  const pool = [...words.values()];
  const cards: PracticeCard[] = [];
  for (const row of rows) {
    const common = base(row);
    if (row.kind === 'line') {
      const line = lineItem(
        {
          id: common.itemId,
          lesson_id: row.lesson_id ?? '',
          line_number: row.line_number ?? 0,
          speaker: row.speaker ?? 'narrator',
          text_content: row.text_content ?? '',
          start_time: row.start_time,
          end_time: row.end_time,
          slow_start_time: row.slow_start_time,
          slow_end_time: row.slow_end_time,
          translation_en: row.translation_en,
          translation_de: row.translation_de,
          translation_es: row.translation_es,
        },
        language,
      );
      const audio = lineAudio(row, options);
      if (audio.normal.length === 0) continue;
      if (common.skill === 'dictation' && canDictate(line)) {
        cards.push({ ...common, skill: 'dictation', line, audio });
      } else if (common.skill === 'speaking' && canSay(line)) {
        cards.push({ ...common, skill: 'speaking', line, audio });
      }
      continue;
    }
    const word = words.get(common.itemId);
    if (!word) continue;
    const others = pool.filter((w) => w.id !== word.id);
    if (common.skill === 'recognition') {
      const direction = random() < 0.5 ? 'hungarian_to_english' : 'english_to_hungarian';
      const card = buildCard(word, direction, [others, FILLERS], random, language);
      cards.push({ ...common, skill: 'recognition', card });
    } else if (common.skill === 'recall') {
      const meaning = meaningIn(word, language);
      cards.push({
        ...common,
        skill: 'recall',
        hungarian: word.word_hu.normalize('NFC'),
        meaning,
        audioUrl: word.audioUrl ?? null,
      });
    } else if (common.skill === 'listening' && word.audioUrl) {
      const meaning = meaningIn(word, language);
      const distractors = [others, FILLERS].map((list) =>
        distractorsFor(word, 'hungarian_to_english', meaning, list),
      );
      cards.push({
        ...common,
        skill: 'listening',
        hungarian: word.word_hu.normalize('NFC'),
        meaning,
        audioUrl: word.audioUrl,
        options: buildOptions(meaning.text, null, distractors, random),
      });
    }
  }
  return cards;
}
