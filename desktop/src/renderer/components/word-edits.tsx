import { useState } from 'react';
import { GRAMMAR_NOTE_TEXTS, grammarNote, type GrammarNote } from '@magyarul/core/grammar';
import type { MorphologyPort } from '@magyarul/core/tokens';
import { proposeTokens } from '@magyarul/core/tokens';
import type { LineToken, TokenEdit, TranscriptLine, VocabularyWord } from '../../shared/model.ts';
import { useMorphology } from '../use-morphology.ts';
import { EditableText } from './editable-text.tsx';

type Props = {
  readonly line: TranscriptLine;
  readonly tokens: readonly LineToken[];
  readonly words: readonly VocabularyWord[];
  /** Words' new edits (one undoable change); null for back to the proposal. */
  readonly onEdit: (
    lineId: number,
    changes: readonly { position: number; edit: TokenEdit | null }[],
  ) => void;
};

const NOTES = Object.keys(GRAMMAR_NOTE_TEXTS) as GrammarNote[];
const MEANINGS = [
  ['meaningEn', 'English'],
  ['meaningDe', 'German'],
  ['meaningEs', 'Spanish'],
] as const;

type Word = { readonly position: number; readonly text: string; readonly edit: TokenEdit };

/**
 * The line's words: each word's edit, else the proposal (the analyser's readings and the lesson's
 * words; no glossary here), as the publish proposes it (token-step.ts).
 */
function wordsOf(
  line: TranscriptLine,
  tokens: readonly LineToken[],
  lessonWords: readonly VocabularyWord[],
  morphology: MorphologyPort,
): Word[] {
  const vocabulary = lessonWords.map((w) => ({ id: String(w.id), lemma: w.wordHu }));
  return proposeTokens(line.text, { vocabulary, glossary: [], morphology }).map((p) => ({
    position: p.position,
    text: p.text,
    edit: tokens.find((t) => t.position === p.position && t.text === p.text)?.edit ?? {
      lemma: p.lemma,
      grammarNotes: [...p.grammarNotes],
      wordId: p.vocabularyId === null ? null : Number(p.vocabularyId),
      meaningEn: null,
      meaningDe: null,
      meaningEs: null,
      isName: p.isName,
      confirmed: false,
    },
  }));
}

/**
 * The selected line's words to confirm or edit (issue 31 point 4), beside its word times: each
 * word's dictionary form, grammar notes (core's closed set), lesson word, own meanings (empty:
 * the lesson word's or the glossary's on the server), name and confirmed; Confirm all. Stored in
 * the draft and sent by the next publish.
 */
export function WordEdits({ line, tokens, words, onEdit }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  // The analyser answers a moment later: the proposal is refined then; an edit always wins.
  const morphology = useMorphology(line.text);
  const list = wordsOf(line, tokens, words, morphology);
  if (list.length === 0) return null;
  const n = line.lineNumber;
  const unconfirmed = list.filter((w) => !w.edit.confirmed).length;
  const set = (word: Word, patch: Partial<TokenEdit>) =>
    onEdit(line.id, [{ position: word.position, edit: { ...word.edit, ...patch } }]);
  return (
    <details className="word-edits">
      <summary>
        Words of line {n}: {list.length}, {unconfirmed} to confirm
      </summary>
      <button
        type="button"
        disabled={unconfirmed === 0}
        onClick={() =>
          onEdit(
            line.id,
            list
              .filter((word) => !word.edit.confirmed)
              .map((word) => ({
                position: word.position,
                edit: { ...word.edit, confirmed: true },
              })),
          )
        }
      >
        Confirm all words of line {n}
      </button>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <ol aria-label={`Word edits of line ${n}`}>
        {list.map((word) => (
          <li key={word.position} className={word.edit.confirmed ? 'confirmed' : undefined}>
            <fieldset>
              <legend lang="hu">{word.text}</legend>
              <label>
                <span>Dictionary form</span>
                <EditableText
                  label={`Dictionary form of “${word.text}” in line ${n}`}
                  value={word.edit.lemma}
                  onCommit={(lemma) => {
                    if (lemma.trim() === '') {
                      setProblem(`Enter the dictionary form of “${word.text}”.`);
                      return;
                    }
                    setProblem(null);
                    set(word, { lemma });
                  }}
                />
              </label>
              <div className="word-edit-notes">
                <span>Grammar</span>
                {word.edit.grammarNotes.map((note) => (
                  <button
                    key={note}
                    type="button"
                    className="note"
                    aria-label={`Remove the note “${grammarNote(note as GrammarNote, 'en')}” of “${word.text}”`}
                    onClick={() =>
                      set(word, { grammarNotes: word.edit.grammarNotes.filter((k) => k !== note) })
                    }
                  >
                    {grammarNote(note as GrammarNote, 'en')} ×
                  </button>
                ))}
                <select
                  aria-label={`Add a grammar note to “${word.text}” in line ${n}`}
                  value=""
                  disabled={word.edit.grammarNotes.length >= 8}
                  onChange={(e) => {
                    if (e.target.value) {
                      set(word, { grammarNotes: [...word.edit.grammarNotes, e.target.value] });
                    }
                  }}
                >
                  <option value="">Add a note…</option>
                  {NOTES.filter((k) => !word.edit.grammarNotes.includes(k)).map((k) => (
                    <option key={k} value={k}>
                      {grammarNote(k, 'en')}
                    </option>
                  ))}
                </select>
              </div>
              <label>
                <span>Lesson word</span>
                <select
                  aria-label={`Lesson word of “${word.text}” in line ${n}`}
                  value={word.edit.wordId ?? ''}
                  onChange={(e) =>
                    set(word, { wordId: e.target.value ? Number(e.target.value) : null })
                  }
                >
                  <option value="">None</option>
                  {words.map((w) => (
                    <option key={w.id} value={w.id}>
                      {w.wordHu} – {w.wordEn}
                    </option>
                  ))}
                </select>
              </label>
              {MEANINGS.map(([field, language]) => (
                <label key={field}>
                  <span>{language}</span>
                  <EditableText
                    label={`${language} meaning of “${word.text}” in line ${n}`}
                    value={word.edit[field] ?? ''}
                    placeholder="from its lesson word or the glossary"
                    onCommit={(value) => set(word, { [field]: value.trim() === '' ? null : value })}
                  />
                </label>
              ))}
              <label className="flag">
                <input
                  type="checkbox"
                  checked={word.edit.isName}
                  onChange={(e) => set(word, { isName: e.target.checked })}
                />
                “{word.text}” is a name
              </label>
              <label className="flag">
                <input
                  type="checkbox"
                  checked={word.edit.confirmed}
                  onChange={(e) => set(word, { confirmed: e.target.checked })}
                />
                “{word.text}” confirmed
              </label>
            </fieldset>
          </li>
        ))}
      </ol>
    </details>
  );
}
