import { useCallback, useEffect } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from '../components/button.tsx';
import { SpeakerIcon } from '../components/icons.tsx';
import { AnswerInput } from './answer-input.tsx';
import { LineFeedback } from './answer-feedback.tsx';
import type { CardResult } from './card-result.ts';
import type { Clip, ClipPlayer } from './clip-player.ts';
import { normalClip, slowClip } from './line-clips.ts';
import type { DictationCard } from './practice-cards.ts';
import { TypedActions } from './typed-actions.tsx';
import { useTypedCard } from './use-typed-card.ts';

function play(player: ClipPlayer, clip: Clip): void {
  player.play(clip).catch((error: unknown) => console.warn('The line could not play', error));
}

/**
 * Dictation: one line of the dialogue is heard (normal or slow, as often as the learner likes)
 * and typed; the check goes word by word, accents included.
 */
export function DictationCardView({
  card,
  player,
  onDone,
}: {
  card: DictationCard;
  player: ClipPlayer;
  onDone: (result: CardResult) => void;
}) {
  const t = useT();
  const typed = useTypedCard({
    toAnswer: useCallback(
      (answer: string, durationMs: number) => ({
        skill: 'dictation' as const,
        typed: answer,
        line: card.line.text,
        durationMs,
      }),
      [card.line.text],
    ),
    record: useCallback(
      (answer: string, durationMs: number, easy: boolean) => ({
        skill: 'dictation' as const,
        item: card.item,
        answer,
        easy,
        durationMs,
      }),
      [card.item],
    ),
    onDone,
  });

  useEffect(() => {
    play(player, normalClip(card.line, card.audio));
    return () => player.stop();
  }, [player, card]);

  return (
    <>
      <p className="muted">{t('practice.dictation.prompt')}</p>
      <div className="button-row">
        <Button variant="secondary" onClick={() => play(player, normalClip(card.line, card.audio))}>
          <SpeakerIcon /> {t('practice.dictation.play')}
        </Button>
        <Button variant="secondary" onClick={() => play(player, slowClip(card.line, card.audio))}>
          <SpeakerIcon /> {t('practice.dictation.playSlow')}
        </Button>
      </div>
      <AnswerInput
        value={typed.typed}
        onChange={typed.setTyped}
        onSubmit={typed.submit}
        disabled={typed.grade !== null}
        inputRef={typed.inputRef}
      />
      <div role="status" aria-live="polite" className="flashcard-feedback">
        {typed.grade?.line && <LineFeedback check={typed.grade.line} line={card.line.text} />}
      </div>
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
