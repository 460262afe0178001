import { useMemo } from 'react';
import './token-editor.css';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import type { LessonWord } from './token-meaning.ts';
import { TokenEditor } from './token-editor.tsx';
import type { TokenEditing } from './use-token-edits.ts';

const NO_ISSUES = new Map();

/** What the line table needs for the Words editor of every line. */
export type WordsEditorProps = {
  readonly editing: TokenEditing;
  readonly lessonWords: readonly LessonWord[];
};

/**
 * A line's Words (issue 31 point 4): a disclosure listing the line's tokens, each editable, and
 * Confirm all. Saved with the transcript. A line whose text was changed in the editor shows
 * only that its words are proposed again on saving.
 */
export function LineWordsEditor({
  lineId,
  n,
  stale,
  editing,
  lessonWords,
}: WordsEditorProps & { lineId: string; n: number; stale: boolean }) {
  const t = useT();
  const words = useMemo(() => new Map(lessonWords.map((w) => [w.id, w])), [lessonWords]);
  const tokens = editing.tokens.get(lineId) ?? [];
  if (tokens.length === 0) return null;
  if (stale) return <p className="transcript-words small muted">{t('tokenEdit.staleText')}</p>;
  const issues = editing.issues.get(lineId) ?? NO_ISSUES;
  const unconfirmed = tokens.filter((tk) => !tk.confirmed).length;
  return (
    <details className="transcript-words">
      <summary>{t('tokenEdit.words', { count: tokens.length, unconfirmed })}</summary>
      <div className="transcript-words-body">
        <Button
          variant="secondary"
          disabled={unconfirmed === 0}
          onClick={() => editing.confirmAll(lineId)}
        >
          {t('tokenEdit.confirmAll', { n })}
        </Button>
        <ul className="token-list" aria-label={t('tokenEdit.listLabel', { n })}>
          {tokens.map((token) => (
            <li key={token.position}>
              <TokenEditor
                token={token}
                issues={issues.get(token.position) ?? []}
                words={words}
                glossary={editing.glossary}
                onChange={(patch) => editing.edit(lineId, token.position, patch)}
              />
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
