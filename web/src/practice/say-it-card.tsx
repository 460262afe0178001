import { useCallback, useEffect, useRef, useState } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { fallbackNoteKey } from '../lib/meaning-language.ts';
import { Button } from '../components/button.tsx';
import { SpeakerIcon } from '../components/icons.tsx';
import type { CardResult } from './card-result.ts';
import { useCardKeys } from './card-result.ts';
import type { ClipPlayer } from './clip-player.ts';
import { normalClip } from './line-clips.ts';
import type { SpeakingCard } from './practice-cards.ts';
import { TakeControls } from './take-controls.tsx';

/** Seconds the learner has to say the line before it plays (Pimsleur's pause). */
export const SAY_IT_PAUSE_S = 5;

const GRADES = [
  { rating: 1, key: 'practice.grade.again' },
  { rating: 2, key: 'practice.grade.hard' },
  { rating: 3, key: 'practice.grade.good' },
  { rating: 4, key: 'practice.grade.easy' },
] as const;

/**
 * "Say it": the line's translation, a visible 5 s pause for the learner to say it in Hungarian,
 * then the line plays with its text and the learner grades themselves (keys 1–4). They may
 * record their own take and hear it and the original one after the other.
 */
export function SayItCardView({
  card,
  language,
  player,
  onDone,
}: {
  card: SpeakingCard;
  language: MeaningLanguage;
  player: ClipPlayer;
  onDone: (result: CardResult) => void;
}) {
  const t = useT();
  const format = useFormat();
  const [remaining, setRemaining] = useState(SAY_IT_PAUSE_S);
  const revealed = remaining === 0;
  const answerRef = useRef<HTMLParagraphElement>(null);
  const done = useRef(false);
  const translation = card.line.translation;
  const fallback = translation?.fallback ? fallbackNoteKey(language) : null;
  const playLine = useCallback(
    () =>
      player
        .play(normalClip(card.line, card.audio))
        .catch((error: unknown) => console.warn('The line could not play', error)),
    [player, card],
  );

  useEffect(() => {
    if (revealed) return;
    const timer = window.setTimeout(() => setRemaining((n) => Math.max(0, n - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining, revealed]);

  useEffect(() => {
    if (!revealed) return;
    answerRef.current?.focus();
    void playLine();
  }, [revealed, playLine]);

  useEffect(() => () => player.stop(), [player]);

  const grade = (rating: 1 | 2 | 3 | 4) => {
    if (!revealed || done.current) return;
    done.current = true;
    onDone({
      correct: rating > 1,
      answer: { skill: 'speaking', item: card.item, rating, durationMs: null },
    });
  };
  useCardKeys({ onDigit: grade });

  return (
    <>
      <p className="muted">{t('practice.say.prompt')}</p>
      {fallback && <p className="muted small meaning-fallback">{t(fallback)}</p>}
      <h2 className="flashcard-question say-prompt" lang={translation?.language}>
        {translation?.text}
      </h2>
      {!revealed ? (
        <div className="say-countdown">
          <p
            role="timer"
            aria-live="off"
            className="countdown"
            aria-label={t('practice.say.countdown', { n: format.number(remaining) })}
          >
            <span aria-hidden="true">{format.number(remaining)}</span>
          </p>
          <Button variant="secondary" onClick={() => setRemaining(0)}>
            {t('practice.say.showNow')}
          </Button>
        </div>
      ) : (
        <div className="say-answer" role="status">
          <p className="muted small">{t('practice.say.answer')}</p>
          <p className="say-line" lang="hu" tabIndex={-1} ref={answerRef}>
            {card.line.text}
          </p>
          <Button variant="ghost" onClick={() => void playLine()}>
            <SpeakerIcon /> {t('practice.say.replay')}
          </Button>
        </div>
      )}
      {revealed && (
        <fieldset className="grade-buttons">
          <legend>{t('practice.say.grade')}</legend>
          {GRADES.map(({ rating, key }) => (
            <Button
              key={rating}
              variant={rating === 3 ? 'primary' : 'secondary'}
              onClick={() => grade(rating)}
            >
              <kbd aria-hidden="true">{rating}</kbd> {t(key)}
            </Button>
          ))}
        </fieldset>
      )}
      {revealed && <p className="muted small keyboard-hint">{t('practice.say.keyboardHint')}</p>}
      <TakeControls player={player} original={normalClip(card.line, card.audio)} />
    </>
  );
}
