import { useEffect, useState } from 'react';
import type { LessonDraft, LessonLevel, NewWordInput, WordPatch } from '../../shared/model.ts';
import { LEVELS } from '../../shared/model.ts';
import { AddWordForm } from './add-word-form.tsx';
import { studio } from '../studio.ts';
import { EditableText } from './editable-text.tsx';

type Props = {
  readonly lessonId: number;
  readonly draft: LessonDraft;
  readonly selectedWordId: number | null;
  readonly onEdit: (label: string, wordId: number, patch: WordPatch) => void;
  readonly onMatch: (wordId: number, file: string | null) => void;
  readonly onAdd: (word: NewWordInput) => void;
};

function PlayButton({ lessonId, file, label }: { lessonId: number; file: string; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void studio()
      .mediaUrl({ kind: 'vocabulary', lessonId, file })
      .then((u) => live && setUrl(u));
    return () => {
      live = false;
    };
  }, [lessonId, file]);
  return (
    <button
      type="button"
      className="play"
      aria-label={label}
      disabled={!url}
      onClick={() => {
        if (url) void new Audio(url).play();
      }}
    >
      ▶
    </button>
  );
}

const display = (file: string) => file.normalize('NFC');
const MEANINGS = [
  ['wordEn', 'English'],
  ['wordDe', 'German'],
  ['wordEs', 'Spanish'],
] as const;

/**
 * The vocabulary: each word's meanings in the three languages (editable) and its recording,
 * matched automatically on import or chosen here by hand; both undoable like every edit.
 */
export function VocabularyPanel({
  lessonId,
  draft,
  selectedWordId,
  onEdit,
  onMatch,
  onAdd,
}: Props) {
  const used = new Set(draft.words.flatMap((w) => (w.audioFile ? [w.audioFile] : [])));
  const freeFiles = draft.audioFiles.filter((f) => !used.has(f));
  return (
    <section aria-label="Vocabulary" className="vocabulary">
      <table aria-label="Vocabulary words">
        <thead>
          <tr>
            <th>Hungarian</th>
            <th>English</th>
            <th>German</th>
            <th>Spanish</th>
            <th>Difficulty</th>
            <th>Audio</th>
          </tr>
        </thead>
        <tbody>
          {draft.words.map((word) => (
            <tr
              key={word.id}
              className={word.id === selectedWordId ? 'selected' : undefined}
              aria-selected={word.id === selectedWordId}
              data-word={word.wordHu}
            >
              <td>
                <strong>{word.wordHu}</strong>
              </td>
              {MEANINGS.map(([field, language]) => (
                <td key={field}>
                  <EditableText
                    label={`${language} meaning of ${word.wordHu}`}
                    value={word[field]}
                    className={word[field].trim() === '' ? 'missing' : undefined}
                    placeholder="missing"
                    onCommit={(value) =>
                      onEdit(`Edit ${language} meaning`, word.id, { [field]: value })
                    }
                  />
                </td>
              ))}
              <td>
                <select
                  className="difficulty"
                  aria-label={`Difficulty of ${word.wordHu}`}
                  value={word.difficulty}
                  onChange={(e) =>
                    onEdit('Change difficulty', word.id, {
                      difficulty: e.currentTarget.value as LessonLevel,
                    })
                  }
                >
                  {LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {level}
                    </option>
                  ))}
                </select>
              </td>
              <td className="audio">
                <div className="audio-choice">
                  <select
                    aria-label={`Audio for ${word.wordHu}`}
                    className={word.audioFile === null ? 'missing' : undefined}
                    value={word.audioFile ?? ''}
                    onChange={(e) => onMatch(word.id, e.currentTarget.value || null)}
                  >
                    <option value="">— no audio —</option>
                    {draft.audioFiles.map((file) => (
                      <option key={file} value={file}>
                        {display(file)}
                        {used.has(file) && file !== word.audioFile ? ' (in use)' : ''}
                      </option>
                    ))}
                  </select>
                  {word.audioFile && (
                    <>
                      <PlayButton
                        lessonId={lessonId}
                        file={word.audioFile}
                        label={`Play ${word.wordHu}`}
                      />
                      <small className="hint">{word.matchLevel}</small>
                    </>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <AddWordForm onAdd={onAdd} />
      <h3>Files without a word ({freeFiles.length})</h3>
      <ul aria-label="Unmatched files">
        {freeFiles.map((file) => (
          <li key={file}>
            {display(file)}{' '}
            <PlayButton lessonId={lessonId} file={file} label={`Play ${display(file)}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
