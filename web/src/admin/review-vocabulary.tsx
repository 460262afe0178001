import { useRef, useState } from 'react';
import {
  EDITOR_DIFFICULTIES,
  toDbDifficulty,
  toEditorDifficulty,
  type EditorDifficulty,
} from './difficulty.ts';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { storedTranslation } from '@magyarul/core/lessons';
import {
  AUDIO_BUCKET,
  audioObjectPath,
  audioUrlOf,
  deleteVocabulary,
  insertVocabulary,
  objectPath,
  removeObjects,
  updateVocabulary,
  uploadObject,
  type VocabularyRow,
} from './api.ts';
import { downloadAudio } from './review-audio.tsx';
import { AddWordDialog, audioError, type NewWord } from './add-word-dialog.tsx';

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

const DIFFICULTIES = EDITOR_DIFFICULTIES;

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

function WordRow({
  word,
  lessonId,
  onChange,
  onDelete,
}: {
  word: EditorWord;
  lessonId: string;
  onChange: (word: EditorWord, edited: boolean) => void;
  onDelete: () => void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const name = word.word_hu || word.id;

  const play = async () => {
    const url = await audioUrlOf(word.audio_file_path);
    if (!url) return notify.error(t('reviewAudio.noFile'));
    try {
      await new Audio(url).play();
    } catch {
      notify.error(t('reviewAudio.loadFailed'));
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const problem = await audioError(file);
    if (problem) return notify.error(t(problem.key, problem.params));
    try {
      const path = objectPath(`${lessonId}/words`, file.name);
      await uploadObject(AUDIO_BUCKET, path, file, file.type);
      await updateVocabulary(word.id, { audio_file_path: path });
      const old = word.audio_file_path ? audioObjectPath(word.audio_file_path) : null;
      if (old && old !== path) await removeObjects(AUDIO_BUCKET, [old]).catch(() => undefined);
      onChange({ ...word, audio_file_path: path }, false);
      notify.success(t('reviewAudio.uploaded'));
    } catch (error) {
      console.error('Word audio upload failed', error);
      notify.error(t('reviewAudio.uploadFailed'));
    }
  };

  const removeAudio = async () => {
    if (!word.audio_file_path || !window.confirm(t('confirm.deleteVocabularyAudio'))) return;
    try {
      const path = audioObjectPath(word.audio_file_path);
      if (path) await removeObjects(AUDIO_BUCKET, [path]);
      await updateVocabulary(word.id, { audio_file_path: null });
      onChange({ ...word, audio_file_path: null }, false);
      notify.success(t('reviewAudio.deleted'));
    } catch {
      notify.error(t('reviewAudio.deleteFailed'));
    }
  };

  const download = async () => {
    if (!word.audio_file_path) return notify.error(t('reviewAudio.noFile'));
    try {
      await downloadAudio(word.audio_file_path);
      notify.success(t('reviewAudio.downloaded'));
    } catch {
      notify.error(t('reviewAudio.downloadFailed'));
    }
  };

  return (
    <tr>
      <td>
        <input
          aria-label={`${t('adminUi.hungarian')} ${name}`}
          placeholder={t('adminUi.hungarian')}
          lang="hu"
          value={word.word_hu}
          onChange={(e) => onChange({ ...word, word_hu: e.target.value }, true)}
        />
      </td>
      <td>
        <input
          aria-label={`${t('adminUi.english')} ${name}`}
          placeholder={t('adminUi.english')}
          value={word.word_en}
          onChange={(e) => onChange({ ...word, word_en: e.target.value }, true)}
        />
      </td>
      <td>
        <input
          lang="de"
          aria-label={t('vocabulary.field.meaning', {
            language: t('translations.language.de'),
            word: name,
          })}
          placeholder={t('translations.language.de')}
          value={word.word_de}
          onChange={(e) => onChange({ ...word, word_de: e.target.value }, true)}
        />
      </td>
      <td>
        <input
          lang="es"
          aria-label={t('vocabulary.field.meaning', {
            language: t('translations.language.es'),
            word: name,
          })}
          placeholder={t('translations.language.es')}
          value={word.word_es}
          onChange={(e) => onChange({ ...word, word_es: e.target.value }, true)}
        />
      </td>
      <td>
        <select
          aria-label={`${t('adminUi.difficulty')} ${name}`}
          value={word.difficulty}
          onChange={(e) =>
            onChange({ ...word, difficulty: e.target.value as EditorDifficulty }, true)
          }
        >
          {DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </td>
      <td>
        <div className="button-row admin-word-actions">
          {word.audio_file_path ? (
            <>
              <Button
                variant="ghost"
                aria-label={t('adminUi.play', { word: name })}
                onClick={() => void play()}
              >
                {t('reviewAudio.play')}
              </Button>
              <Button
                variant="ghost"
                aria-label={t('adminUi.downloadWord', { word: name })}
                onClick={() => void download()}
              >
                {t('reviewAudio.download')}
              </Button>
              <Button
                variant="ghost"
                aria-label={t('adminUi.replaceWordAudio', { word: name })}
                onClick={() => input.current?.click()}
              >
                {t('reviewAudio.replace')}
              </Button>
              <Button
                variant="ghost"
                aria-label={t('adminUi.deleteWordAudio', { word: name })}
                onClick={() => void removeAudio()}
              >
                {t('reviewAudio.delete')}
              </Button>
            </>
          ) : (
            <Button
              variant="ghost"
              aria-label={t('adminUi.uploadWordAudio', { word: name })}
              onClick={() => input.current?.click()}
            >
              {t('reviewAudio.upload')}
            </Button>
          )}
          <input
            ref={input}
            type="file"
            hidden
            accept=".mp3,.wav,.m4a,.aac,audio/*"
            aria-label={t('adminUi.wordAudioFile', { word: name })}
            onChange={(e) => {
              void upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            variant="danger"
            aria-label={t('adminUi.deleteWord', { word: name })}
            onClick={onDelete}
          >
            {t('vocabulary.deleteWord')}
          </Button>
        </div>
      </td>
    </tr>
  );
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

  const add = async (w: NewWord) => {
    try {
      let path: string | null = null;
      if (w.file) {
        path = objectPath(`${lessonId}/words`, w.file.name);
        await uploadObject(AUDIO_BUCKET, path, w.file, w.file.type);
      }
      const row = await insertVocabulary({
        lesson_id: lessonId,
        word_hu: w.hu.trim().normalize('NFC'),
        word_en: w.en.trim().normalize('NFC'),
        word_de: storedTranslation(w.de),
        word_es: storedTranslation(w.es),
        difficulty: toDbDifficulty(w.difficulty),
        audio_file_path: path,
      });
      onWordsChange([...words, toEditorWord(row)], false, row);
      notify.success(t('vocabulary.added'));
      return true;
    } catch (error) {
      console.error('Adding the word failed', error);
      notify.error(t('reviewPage.saveFailed'));
      return false;
    }
  };

  const remove = async (word: EditorWord) => {
    if (!window.confirm(t('confirm.deleteWord'))) return;
    try {
      await deleteVocabulary(word.id);
      const path = word.audio_file_path ? audioObjectPath(word.audio_file_path) : null;
      if (path) await removeObjects(AUDIO_BUCKET, [path]).catch(() => undefined);
      onWordsChange(
        words.filter((w) => w.id !== word.id),
        false,
      );
      notify.success(t('vocabulary.deleted'));
    } catch {
      notify.error(t('reviewPage.saveFailed'));
    }
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
        <div className="admin-table-wrap">
          <table className="admin-table admin-vocabulary-table">
            <thead>
              <tr>
                <th scope="col">{t('adminUi.hungarian')}</th>
                <th scope="col">{t('adminUi.english')}</th>
                <th scope="col">{t('translations.language.de')}</th>
                <th scope="col">{t('translations.language.es')}</th>
                <th scope="col">{t('adminUi.difficulty')}</th>
                <th scope="col">{t('adminUi.audio')}</th>
              </tr>
            </thead>
            <tbody>
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
                  onDelete={() => void remove(word)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddWordDialog open={adding} onClose={() => setAdding(false)} onAdd={add} />
    </section>
  );
}
