import { memo } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import './words.css';
import { lineSegments } from './line-segments.ts';
import { isKnown, type KnownWords, type WordToken } from './word-token.ts';

/** What a tap on a word tells the player: the word, its line and the element to return focus to. */
export type WordTap = (token: WordToken, element: HTMLButtonElement) => void;

/**
 * A line's Hungarian text with every word a button (Enter and Space open it, as any button; the
 * transcript's one click handler finds the word by its `data-token`, no handler per word):
 * the word being spoken carries `aria-current="true"`, a word the learner has in review is
 * marked by a dotted underline and says so to screen readers. The text between words is
 * rendered as written. A line without tokens is plain text.
 */
export const LineWords = memo(function LineWords({
  text,
  tokens,
  activeWord,
  openWord,
  known,
}: {
  text: string;
  tokens: readonly WordToken[] | undefined;
  activeWord: number;
  openWord: string | null;
  known: KnownWords;
}) {
  const t = useT();
  if (!tokens || tokens.length === 0) return <span lang="hu">{text}</span>;
  return (
    <span lang="hu">
      {lineSegments(text, tokens).map((segment) => {
        // The text between words as a bare text node: no element for each space.
        if (segment.kind === 'text') return segment.text;
        const { token } = segment;
        const inReview = isKnown(token, known);
        const classes = ['word'];
        if (inReview) classes.push('known');
        return (
          <button
            key={token.id}
            type="button"
            className={classes.join(' ')}
            data-token={token.id}
            aria-current={segment.index === activeWord ? 'true' : undefined}
            aria-haspopup="dialog"
            aria-expanded={openWord === token.id}
          >
            {token.text}
            {inReview && <span className="visually-hidden"> ({t('word.known')})</span>}
          </button>
        );
      })}
    </span>
  );
});
