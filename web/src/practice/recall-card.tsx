import { useCallback, useId, useState } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { useT } from '../lib/i18n/i18n.tsx';
import { fallbackNoteKey } from '../lib/meaning-language.ts';
import { Button } from '../components/button.tsx';
import { SpeakerIcon } from '../components/icons.tsx';
import { AnswerInput } from './answer-input.tsx';
import { WordFeedback } from './answer-feedback.tsx';
import { CardExample } from './card-example.tsx';
import type { CardResult } from './card-result.ts';
import type { ClipPlayer } from './clip-player.ts';
import type { RecallCard } from './practice-cards.ts';
import { TypedActions } from './typed-actions.tsx';
import { useTypedCard } from './use-typed-card.ts';

/**
 * Recall: the meaning in the learner's language; they type the Hungarian. The first letter is
 * there on request (a right answer after it is Hard). A near miss shows the answer with the
 * exact difference marked.
 */
export function RecallCardView({
  card,
  language,
  player,
  onDone,
}: {
  card: RecallCard;
  language: MeaningLanguage;
  player: ClipPlayer;
  onDone: (result: CardResult) => void;
}) {
  const t = useT();
  const id = useId();
  const [hintUsed, setHintUsed] = useState(false);
  const typed = useTypedCard({
    toAnswer: useCallback(
      (answer: string, durationMs: number) => ({
        skill: 'recall' as const,
        typed: answer,
        accepted: card.hungarian,
        hintUsed,
        durationMs,
      }),
      [card.hungarian, hintUsed],
    ),
    record: useCallback(
      (answer: string, durationMs: number, easy: boolean) => ({
        skill: 'recall' as const,
        item: card.item,
        answer,
        hintUsed,
        easy,
        durationMs,
      }),
      [card.item, hintUsed],
    ),
    onDone,
  });
  const fallback = card.meaning.fallback ? fallbackNoteKey(language) : null;
  const firstLetter = Array.from(card.hungarian.trim())[0] ?? '';

  return (
    <>
      <p className="muted">{t('practice.recall.prompt')}</p>
      {fallback && <p className="muted small meaning-fallback">{t(fallback)}</p>}
      <h2 className="flashcard-question" lang={card.meaning.language}>
        {card.meaning.text}
      </h2>
      <AnswerInput
        value={typed.typed}
        onChange={typed.setTyped}
        onSubmit={typed.submit}
        disabled={typed.grade !== null}
        inputRef={typed.inputRef}
        describedBy={hintUsed ? `${id}-hint` : undefined}
      />
      {!typed.grade &&
        (hintUsed ? (
          <p id={`${id}-hint`} className="muted small">
            {t('practice.hintShown', { letter: firstLetter })}
          </p>
        ) : (
          <Button variant="ghost" className="hint-button" onClick={() => setHintUsed(true)}>
            {t('practice.hint')}
          </Button>
        ))}
      <div role="status" aria-live="polite" className="flashcard-feedback">
        {typed.grade?.check && <WordFeedback check={typed.grade.check} />}
      </div>
      <CardExample shown={typed.grade !== null} />
      {typed.grade && card.audioUrl && (
        <Button
          variant="ghost"
          onClick={() => void player.play({ sources: [card.audioUrl ?? ''] }).catch(() => {})}
        >
          <SpeakerIcon /> {t('flashcards.playAudio')}
        </Button>
      )}
      <TypedActions
        checked={typed.grade !== null}
        right={typed.grade?.correct === true}
        canCheck={typed.typed.trim() !== ''}
        onCheck={typed.check}
        onFinish={typed.finish}
        continueRef={typed.continueRef}
      />
      <p className="muted small keyboard-hint">{t('practice.typedKeyboardHint')}</p>
    </>
  );
}
