import { useId, useLayoutEffect, useState, type RefObject } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { useT } from '../lib/i18n/i18n.tsx';
import { MeaningText } from '../components/meaning-text.tsx';
import { Button, ButtonLink } from '../components/button.tsx';
import type { LessonNote } from '../lib/lesson-texts.ts';
import { grammarNoteTexts } from './grammar-text.ts';
import {
  dictionaryForm,
  keepable,
  tokenMeaning,
  type TokenWord,
  type WordToken,
} from './word-token.ts';

/** Add to review as the panel shows it. */
export type KeepState =
  | { readonly kind: 'none' }
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'known' }
  | { readonly kind: 'ready'; readonly pending: boolean; readonly onKeep: () => void };

/** Where the panel stands beside its word (a phone shows it as a bottom sheet instead, by CSS). */
function placeBeside(anchor: HTMLElement, panel: HTMLElement): { top: number; left: number } {
  const word = anchor.getBoundingClientRect();
  const box = panel.getBoundingClientRect();
  const margin = 8;
  const below = word.bottom + margin;
  const top =
    below + box.height <= window.innerHeight - margin
      ? below
      : Math.max(margin, word.top - margin - box.height);
  const left = Math.min(Math.max(margin, word.left), window.innerWidth - box.width - margin);
  return { top, left };
}

/**
 * The panel of one word: as written, its dictionary form, what its endings do, its meaning in the
 * learner's language (English tagged where that is missing), a play button and Add to review.
 * A non-modal dialog beside the word (a bottom sheet on a phone); focus moves into it on opening.
 */
export function WordPanel({
  token,
  word,
  anchor,
  language,
  keep,
  note,
  canPlay,
  onPlay,
  onClose,
  panelRef,
}: {
  token: WordToken;
  word: TokenWord | undefined;
  anchor: HTMLElement;
  language: MeaningLanguage;
  keep: KeepState;
  /** The lesson note that explains the word (its token's lesson_note_id), if any. */
  note?: LessonNote | undefined;
  canPlay: boolean;
  onPlay: () => void;
  onClose: () => void;
  panelRef: RefObject<HTMLDivElement | null>;
}) {
  const t = useT();
  const titleId = useId();
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const meaning = tokenMeaning(token, word, language);
  const notes = grammarNoteTexts(token.grammar_notes, language);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    setPlace(placeBeside(anchor, panel));
    panel.focus({ preventScroll: true });
  }, [anchor, panelRef, token.id]);

  return (
    <div
      ref={panelRef}
      className="word-panel"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      style={place ? { top: place.top, left: place.left } : { visibility: 'hidden' }}
    >
      <div className="word-panel-header">
        <h2 id={titleId} className="word-panel-title">
          <span lang="hu">{token.text}</span>
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('word.close')}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <dl className="word-panel-facts">
        <div>
          <dt>{t('word.dictionaryForm')}</dt>
          <dd lang="hu" className="word-lemma">
            {dictionaryForm(token)}
          </dd>
        </div>
        {notes.length > 0 && (
          <div>
            <dt>{t('word.grammar')}</dt>
            <dd className="word-notes">{notes.join(' · ')}</dd>
          </div>
        )}
        <div>
          <dt>{t('word.meaning')}</dt>
          <dd className="word-meaning">
            {meaning ? (
              <MeaningText meaning={meaning} learnerLanguage={language} />
            ) : (
              <span className="muted">{t('word.noMeaning')}</span>
            )}
          </dd>
        </div>
      </dl>
      {note && (
        <div className="word-lesson-note">
          <p className="word-lesson-note-title">{t('word.note', { title: note.title.text })}</p>
          <MeaningText meaning={note.body} learnerLanguage={language} />
        </div>
      )}
      <div className="word-panel-actions">
        <Button variant="secondary" onClick={onPlay} disabled={!canPlay}>
          <span aria-hidden="true">▶ </span>
          {t('word.play')}
        </Button>
        <KeepControl token={token} keep={keep} />
      </div>
    </div>
  );
}

function KeepControl({ token, keep }: { token: WordToken; keep: KeepState }) {
  const t = useT();
  if (keep.kind === 'none') return null;
  if (!keepable(token)) {
    return token.is_name ? null : <p className="muted word-keep-note">{t('word.cannotKeep')}</p>;
  }
  if (keep.kind === 'anonymous') {
    return (
      <ButtonLink to="/auth" variant="secondary">
        {t('word.signInToKeep')}
      </ButtonLink>
    );
  }
  if (keep.kind === 'known') {
    return (
      <p className="word-in-review" role="status">
        <span aria-hidden="true">✓ </span>
        {t('word.inReview')}
      </p>
    );
  }
  return (
    <Button onClick={keep.onKeep} disabled={keep.pending}>
      {keep.pending ? t('word.adding') : t('word.addToReview')}
    </Button>
  );
}
