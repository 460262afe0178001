import type { LineMisspellings } from '../use-spelling.ts';

type Props = {
  readonly found: readonly LineMisspellings[];
  readonly onGoToLine: (lineId: number) => void;
};

/**
 * Hungarian spelling: each word of a line the dictionary does not know, with its suggestions;
 * a click takes the author to the line. Advice, not a publish check (names and new words are
 * often unknown to it).
 */
export function SpellingList({ found, onGoToLine }: Props) {
  if (found.length === 0) return null;
  return (
    <>
      <h3>
        Spelling <span className="hint">Hungarian dictionary (hunspell)</span>
      </h3>
      <ul aria-label="Spelling" className="spelling">
        {found.flatMap(({ lineId, lineNumber, words }) =>
          words.map((word) => (
            <li key={`${lineId}-${word.start}`}>
              <button type="button" className="link" onClick={() => onGoToLine(lineId)}>
                Line {lineNumber}: “{word.word}”
              </button>{' '}
              <span className="hint">
                {word.suggestions.length > 0
                  ? `perhaps ${word.suggestions.join(', ')}`
                  : 'no suggestion'}
              </span>
            </li>
          )),
        )}
      </ul>
    </>
  );
}
