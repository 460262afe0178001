import type { VocabularyWord, WordMatch, WordPatch } from '../../../shared/model.ts';
import type { Db } from '../db/database.ts';
import { searchText } from './search-text.ts';

type WordRow = {
  id: number;
  lesson_id: number;
  position: number;
  word_hu: string;
  word_en: string;
  word_de: string;
  word_es: string;
  difficulty: string;
  audio_file: string | null;
  match_level: string | null;
};

const toWord = (row: WordRow): VocabularyWord => ({
  id: row.id,
  position: row.position,
  wordHu: row.word_hu,
  wordEn: row.word_en,
  wordDe: row.word_de,
  wordEs: row.word_es,
  difficulty: row.difficulty,
  audioFile: row.audio_file,
  matchLevel: row.match_level,
});

export type NewWord = {
  wordHu: string;
  wordEn: string;
  wordDe?: string;
  wordEs?: string;
  difficulty: string;
  audioFile: string | null;
  matchLevel: string | null;
};

/** A word's texts as the server has them ('' where it has none). */
export type ServerWordTexts = {
  readonly wordHu?: string;
  readonly wordEn?: string;
  readonly wordDe?: string;
  readonly wordEs?: string;
  readonly difficulty?: string;
};

export function createWordsRepo(db: Db) {
  return {
    replaceForLesson(lessonId: number, words: readonly NewWord[]): void {
      db.run('DELETE FROM vocabulary_words WHERE lesson_id = ?', [lessonId]);
      words.forEach((word, index) => {
        db.run(
          `INSERT INTO vocabulary_words (lesson_id, position, word_hu, word_hu_search, word_en,
             word_de, word_es, difficulty, audio_file, match_level)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            lessonId,
            index + 1,
            word.wordHu,
            searchText(word.wordHu),
            word.wordEn,
            word.wordDe ?? '',
            word.wordEs ?? '',
            word.difficulty,
            word.audioFile,
            word.matchLevel,
          ],
        );
      });
    },

    listForLesson(lessonId: number): VocabularyWord[] {
      return db
        .all<WordRow>('SELECT * FROM vocabulary_words WHERE lesson_id = ? ORDER BY position', [
          lessonId,
        ])
        .map(toWord);
    },

    get(wordId: number): (VocabularyWord & { lessonId: number }) | undefined {
      const row = db.first<WordRow>('SELECT * FROM vocabulary_words WHERE id = ?', [wordId]);
      return row && { ...toWord(row), lessonId: row.lesson_id };
    },

    /** Words whose Hungarian form contains `query` (NFC, Hungarian lower-case). */
    search(query: string): VocabularyWord[] {
      return db
        .all<WordRow>(
          'SELECT * FROM vocabulary_words WHERE instr(word_hu_search, ?) > 0 ORDER BY word_hu',
          [searchText(query)],
        )
        .map(toWord);
    },

    /** Edits a word's meanings (NFC, trimmed) and difficulty; undefined fields stay as they are. */
    update(wordId: number, patch: WordPatch): void {
      const clean = (value: string | undefined): string | null =>
        value === undefined ? null : value.normalize('NFC').trim();
      db.run(
        `UPDATE vocabulary_words SET word_en = coalesce(?, word_en), word_de = coalesce(?, word_de),
           word_es = coalesce(?, word_es), difficulty = coalesce(?, difficulty) WHERE id = ?`,
        [
          clean(patch.wordEn),
          clean(patch.wordDe),
          clean(patch.wordEs),
          patch.difficulty ?? null,
          wordId,
        ],
      );
    },

    /**
     * Sets a word's texts and difficulty to the server's (publishing, when the author takes the
     * server's): undefined fields stay as they are.
     */
    setTexts(wordId: number, texts: ServerWordTexts): void {
      const word = db.first<WordRow>('SELECT * FROM vocabulary_words WHERE id = ?', [wordId]);
      if (!word) return;
      const wordHu = texts.wordHu?.normalize('NFC') ?? word.word_hu;
      db.run(
        `UPDATE vocabulary_words SET word_hu = ?, word_hu_search = ?, word_en = ?, word_de = ?,
           word_es = ?, difficulty = ? WHERE id = ?`,
        [
          wordHu,
          searchText(wordHu),
          texts.wordEn?.normalize('NFC') ?? word.word_en,
          texts.wordDe?.normalize('NFC') ?? word.word_de,
          texts.wordEs?.normalize('NFC') ?? word.word_es,
          texts.difficulty ?? word.difficulty,
          wordId,
        ],
      );
    },

    /** Adds a word after the lesson's last one (a word taken from the server); returns its id. */
    add(lessonId: number, word: NewWord): number {
      const last = db.first<{ max: number | null }>(
        'SELECT max(position) AS max FROM vocabulary_words WHERE lesson_id = ?',
        [lessonId],
      );
      return db.run(
        `INSERT INTO vocabulary_words (lesson_id, position, word_hu, word_hu_search, word_en,
           word_de, word_es, difficulty, audio_file, match_level)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          lessonId,
          (last?.max ?? 0) + 1,
          word.wordHu.normalize('NFC'),
          searchText(word.wordHu),
          word.wordEn.normalize('NFC'),
          word.wordDe?.normalize('NFC') ?? '',
          word.wordEs?.normalize('NFC') ?? '',
          word.difficulty,
          word.audioFile,
          word.matchLevel,
        ],
      ).lastInsertRowid;
    },

    remove(wordId: number): void {
      db.run('DELETE FROM vocabulary_words WHERE id = ?', [wordId]);
    },

    /**
     * Sets the audio match of the listed words of one lesson at once (undo and redo of a manual
     * match restore every word it touched). The caller has checked words and files.
     */
    setMatches(lessonId: number, matches: readonly WordMatch[]): void {
      for (const match of matches) {
        db.run(
          'UPDATE vocabulary_words SET audio_file = ?, match_level = ? WHERE id = ? AND lesson_id = ?',
          [
            match.audioFile,
            match.audioFile === null ? null : match.matchLevel,
            match.wordId,
            lessonId,
          ],
        );
      }
    },

    /** Gives `file` to the word and takes it away from any other word of the same lesson. */
    setAudio(wordId: number, file: string | null, level: string | null): void {
      const word = db.first<WordRow>('SELECT * FROM vocabulary_words WHERE id = ?', [wordId]);
      if (!word) return;
      if (file !== null) {
        db.run(
          `UPDATE vocabulary_words SET audio_file = NULL, match_level = NULL
           WHERE lesson_id = ? AND audio_file = ? AND id <> ?`,
          [word.lesson_id, file, wordId],
        );
      }
      db.run('UPDATE vocabulary_words SET audio_file = ?, match_level = ? WHERE id = ?', [
        file,
        file === null ? null : level,
        wordId,
      ]);
    },
  };
}
