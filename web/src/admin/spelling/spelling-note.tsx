import type { Misspelling } from '@magyarul/core/spelling';
import { useT } from '../../lib/i18n/i18n.tsx';

/** `text` with `word` (found at start–end of its NFC form) replaced by `suggestion`. */
export function replaceWord(text: string, word: Misspelling, suggestion: string): string {
  const nfc = text.normalize('NFC');
  return nfc.slice(0, word.start) + suggestion + nfc.slice(word.end);
}

/**
 * Under a line's text: its words the Hungarian dictionary does not know, marked, each with the
 * dictionary's suggestions as buttons that put the suggestion in the word's place.
 */
export function SpellingNote({
  id,
  n,
  text,
  found,
  onReplace,
}: {
  id: string;
  n: number;
  text: string;
  found: readonly Misspelling[];
  onReplace: (text: string) => void;
}) {
  const t = useT();
  return (
    <div id={id} className="transcript-spelling small">
      <span className="muted">{t('spelling.label')}</span>
      <ul aria-label={t('spelling.listLabel', { n })}>
        {found.map((word) => (
          <li key={`${word.start}-${word.word}`}>
            <span className="misspelt" lang="hu">
              {word.word}
            </span>
            {word.suggestions.length === 0 ? (
              <span className="muted"> {t('spelling.noSuggestion')}</span>
            ) : (
              <>
                <span className="muted"> {t('spelling.perhaps')} </span>
                {word.suggestions.map((suggestion) => (
                  <button
                    key={suggestion}
                    type="button"
                    className="link spelling-suggestion"
                    lang="hu"
                    aria-label={t('spelling.replace', { word: word.word, suggestion, n })}
                    onClick={() => onReplace(replaceWord(text, word, suggestion))}
                  >
                    {suggestion}
                  </button>
                ))}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
