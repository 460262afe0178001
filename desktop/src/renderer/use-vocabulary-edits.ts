import { useCallback } from 'react';
import type { Dispatch, RefObject, SetStateAction } from 'react';
import type {
  LessonDraft,
  NewWordInput,
  VocabularyWord,
  WordMatch,
  WordPatch,
} from '../shared/model.ts';
import { studio } from './studio.ts';

type Options = {
  readonly lessonId: number;
  readonly current: RefObject<LessonDraft | null>;
  /** Runs an edit as one undoable command (use-lesson-editor's). */
  readonly execute: (
    label: string,
    apply: () => Promise<void>,
    revert: () => Promise<void>,
  ) => void;
  /** After each write: the save status, the list, the draft read again. */
  readonly written: () => Promise<void>;
  readonly setDraft: Dispatch<SetStateAction<LessonDraft | null>>;
};

const matchesOf = (words: readonly VocabularyWord[]): WordMatch[] =>
  words.map((word) => ({
    wordId: word.id,
    audioFile: word.audioFile,
    matchLevel: word.matchLevel as WordMatch['matchLevel'],
  }));

/** The vocabulary's edits, each undoable: meanings and difficulty, Add Word, audio matches. */
export function useVocabularyEdits({ lessonId, current, execute, written, setDraft }: Options) {
  const updateWord = useCallback(
    (label: string, wordId: number, patch: WordPatch) => {
      const word = current.current?.words.find((w) => w.id === wordId);
      if (!word) return;
      const before = Object.fromEntries(
        Object.keys(patch).map((key) => [key, word[key as keyof WordPatch]]),
      ) as WordPatch;
      const write = (values: WordPatch) => async () => {
        setDraft(
          (d) =>
            d && { ...d, words: d.words.map((w) => (w.id === wordId ? { ...w, ...values } : w)) },
        );
        await studio().updateWord(wordId, values);
        await written();
      };
      execute(label, write(patch), write(before));
    },
    [current, execute, written, setDraft],
  );

  /** Add Word: the new word goes after the last one; undo removes it again. */
  const addWord = useCallback(
    (word: NewWordInput) => {
      let added: number | null = null;
      execute(
        `Add word “${word.wordHu}”`,
        async () => {
          added = (await studio().addWord(lessonId, word)).id;
          await written();
        },
        async () => {
          if (added !== null) await studio().removeWord(added);
          await written();
        },
      );
    },
    [execute, lessonId, written],
  );

  /** Gives `file` to a word by hand (null takes its file away); undo restores every word. */
  const matchWord = useCallback(
    (wordId: number, file: string | null) => {
      const words = current.current?.words ?? [];
      const before = matchesOf(words);
      const after = before.map((match) =>
        match.wordId === wordId
          ? { wordId, audioFile: file, matchLevel: file === null ? null : ('manual' as const) }
          : file !== null && match.audioFile === file
            ? { ...match, audioFile: null, matchLevel: null }
            : match,
      );
      const write = (matches: WordMatch[]) => async () => {
        await studio().setWordMatches(lessonId, matches);
        await written();
      };
      execute(file === null ? 'Unmatch word' : 'Match word', write(after), write(before));
    },
    [current, execute, lessonId, written],
  );

  return { updateWord, addWord, matchWord };
}
