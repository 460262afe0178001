import { useEffect, useState } from 'react';
import type { LessonDraft } from '../../shared/model.ts';
import { studio } from '../studio.ts';

type Props = {
  readonly lessonId: number;
  readonly draft: LessonDraft;
  readonly onChanged: () => void;
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

/** Matched and unmatched words and files; a file is matched by hand from a list. */
export function VocabularyPanel({ lessonId, draft, onChanged }: Props) {
  const used = new Set(draft.words.flatMap((w) => (w.audioFile ? [w.audioFile] : [])));
  const matched = draft.words.filter((w) => w.audioFile !== null);
  const unmatched = draft.words.filter((w) => w.audioFile === null);
  const freeFiles = draft.audioFiles.filter((f) => !used.has(f));
  const match = async (wordId: number, file: string | null) => {
    await studio().matchWord(wordId, file);
    onChanged();
  };
  return (
    <section aria-label="Vocabulary audio" className="vocabulary">
      <h3>Matched ({matched.length})</h3>
      <ul aria-label="Matched words">
        {matched.map((word) => (
          <li key={word.id}>
            <strong>{word.wordHu}</strong> — {word.wordEn} ↔ {display(word.audioFile ?? '')}{' '}
            <small>({word.matchLevel})</small>{' '}
            <PlayButton
              lessonId={lessonId}
              file={word.audioFile ?? ''}
              label={`Play ${word.wordHu}`}
            />{' '}
            <button type="button" onClick={() => void match(word.id, null)}>
              Unmatch {word.wordHu}
            </button>
          </li>
        ))}
      </ul>
      <h3>Words without audio ({unmatched.length})</h3>
      <ul aria-label="Unmatched words">
        {unmatched.map((word) => (
          <li key={word.id}>
            <strong>{word.wordHu}</strong> — {word.wordEn}{' '}
            <select
              aria-label={`Audio for ${word.wordHu}`}
              value=""
              onChange={(e) => void match(word.id, e.currentTarget.value)}
            >
              <option value="">Choose a file…</option>
              {draft.audioFiles.map((file) => (
                <option key={file} value={file}>
                  {display(file)}
                  {used.has(file) ? ' (in use)' : ''}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
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
