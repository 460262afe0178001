import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toDbDifficulty, toEditorDifficulty, type EditorDifficulty } from './difficulty.ts';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { storedTranslation } from '@magyarul/core/lessons';
import {
  AUDIO_BUCKET,
  audioObjectPath,
  deleteVocabulary,
  insertVocabulary,
  objectPath,
  removeObjects,
  uploadObject,
  type VocabularyRow,
} from './api.ts';
import { AddWordDialog, type NewWord } from './add-word-dialog.tsx';
import { AdminTable, useVocabularyColumns } from './admin-table.tsx';
import { WordRow } from './word-row.tsx';

/** A word as the editor holds it; German and Spanish as typed ('' for none). */
export type EditorWord = {
  id: string;
  word_hu: string;
  word_en: string;
  word_de: string;
  word_es: string;
  difficulty: EditorDifficulty;
  audio_file_path: string | null;
};

/** The editor's form of a stored word. */
export function toEditorWord(row: VocabularyRow): EditorWord {
  return {
    id: row.id,
    word_hu: row.word_hu,
    word_en: row.word_en,
    word_de: row.word_de ?? '',
    word_es: row.word_es ?? '',
    difficulty: toEditorDifficulty(row.difficulty),
    audio_file_path: row.audio_file_path,
  };
}

/** Stores a new word (its audio first, when it has one) and answers the stored row. */
async function storeWord(lessonId: string, w: NewWord): Promise<VocabularyRow> {
  let path: string | null = null;
  if (w.file) {
    path = objectPath(`${lessonId}/words`, w.file.name);
    await uploadObject(AUDIO_BUCKET, path, w.file, w.file.type);
  }
  return insertVocabulary({
    lesson_id: lessonId,
    word_hu: w.hu.trim().normalize('NFC'),
    word_en: w.en.trim().normalize('NFC'),
    word_de: storedTranslation(w.de),
    word_es: storedTranslation(w.es),
    difficulty: toDbDifficulty(w.difficulty),
    audio_file_path: path,
  });
}

/** Deletes a stored word, then its audio file (a leftover file is harmless). */
async function deleteWord(word: EditorWord): Promise<void> {
  await deleteVocabulary(word.id);
  const path = word.audio_file_path ? audioObjectPath(word.audio_file_path) : null;
  if (path) await removeObjects(AUDIO_BUCKET, [path]).catch(() => undefined);
}

export function ReviewVocabulary({
  lessonId,
  words,
  onWordsChange,
}: {
  lessonId: string;
  words: EditorWord[];
  /** `edited`: the list changed in the editor only (unsaved); `added`: a row now stored. */
  onWordsChange: (words: EditorWord[], edited: boolean, added?: VocabularyRow) => void;
}) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const columns = useVocabularyColumns();

  const addition = useMutation({
    mutationFn: (w: NewWord) => storeWord(lessonId, w),
    onSuccess: (row) => {
      onWordsChange([...words, toEditorWord(row)], false, row);
      notify.success(t('vocabulary.added'));
    },
    onError: (error) => {
      console.error('Adding the word failed', error);
      notify.error(t('reviewPage.saveFailed'));
    },
  });
  const add = (w: NewWord): Promise<boolean> =>
    addition.mutateAsync(w).then(
      () => true,
      () => false,
    );

  const removal = useMutation({
    mutationFn: deleteWord,
    onSuccess: (_, word) => {
      onWordsChange(
        words.filter((w) => w.id !== word.id),
        false,
      );
      notify.success(t('vocabulary.deleted'));
    },
    onError: () => notify.error(t('reviewPage.saveFailed')),
  });
  const remove = (word: EditorWord) => {
    if (window.confirm(t('confirm.deleteWord'))) removal.mutate(word);
  };

  return (
    <section className="card stack" aria-labelledby="vocabulary-heading">
      <div className="admin-toolbar">
        <h2 id="vocabulary-heading">4. {t('reviewPage.section.vocabulary')}</h2>
        <Button onClick={() => setAdding(true)}>{t('vocabulary.addWord')}</Button>
      </div>
      {words.length === 0 ? (
        <p className="muted">{t('vocabulary.empty')}</p>
      ) : (
        <AdminTable
          className="admin-table admin-vocabulary-table"
          label={t('reviewPage.section.vocabulary')}
          columns={columns}
        >
          {words.map((word) => (
            <WordRow
              key={word.id}
              word={word}
              lessonId={lessonId}
              onChange={(next, edited) =>
                onWordsChange(
                  words.map((w) => (w.id === next.id ? next : w)),
                  edited,
                )
              }
              onDelete={() => remove(word)}
            />
          ))}
        </AdminTable>
      )}
      <AddWordDialog open={adding} onClose={() => setAdding(false)} onAdd={add} />
    </section>
  );
}
