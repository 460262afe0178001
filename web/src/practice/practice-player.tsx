import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import {
  answerPractice,
  practiceCard,
  practiceProgress,
  startPractice,
} from '@magyarul/core/practice';
import type { PracticeQueue } from '@magyarul/core/practice';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { ProgressBar } from '../components/progress.tsx';
import type { CardResult } from './card-result.ts';
import { ClipPlayer } from './clip-player.ts';
import { DictationCardView } from './dictation-card.tsx';
import { CardExampleContext, type ExampleLines } from './example-lines.ts';
import { ListeningCardView } from './listening-card.tsx';
import type { PracticeCard } from './practice-cards.ts';
import { RecallCardView } from './recall-card.tsx';
import { RecognitionCardView } from './recognition-card.tsx';
import { SayItCardView } from './say-it-card.tsx';

export type PracticeSummary = { readonly right: number; readonly total: number };

/**
 * A practice session over fixed cards of any kinds: one card at a time; each answer is handed
 * to `onAnswer` (the queue records it) and the next card shows at once; a card answered wrong
 * comes back a few cards later (core's practice queue). `onFinished` gets how many cards were
 * right the first time.
 */
export function PracticePlayer({
  cards,
  language,
  onAnswer,
  onFinished,
  examples,
}: {
  cards: readonly PracticeCard[];
  language: MeaningLanguage;
  onAnswer: (result: CardResult) => void;
  onFinished: (summary: PracticeSummary) => void;
  /** Kept words' example sentences, shown after a word card's answer. */
  examples?: ExampleLines;
}) {
  const t = useT();
  const format = useFormat();
  const player = useMemo(() => new ClipPlayer(), []);
  const [queue, setQueue] = useState<PracticeQueue<PracticeCard>>(() => startPractice(cards));
  const firstTries = useRef(new Map<string, boolean>());
  const sectionRef = useRef<HTMLElement>(null);
  const card = practiceCard(queue);
  const { done, total } = practiceProgress(queue);

  useEffect(() => () => player.dispose(), [player]);

  useEffect(() => {
    if (card) return;
    const right = [...firstTries.current.values()].filter(Boolean).length;
    onFinished({ right, total: firstTries.current.size });
  }, [card, onFinished]);

  const onDone = useCallback(
    (result: CardResult) => {
      if (!card) return;
      if (!firstTries.current.has(card.key)) firstTries.current.set(card.key, result.correct);
      onAnswer(result);
      setQueue((current) => answerPractice(current, !result.correct));
      sectionRef.current?.focus({ preventScroll: true });
    },
    [card, onAnswer],
  );

  if (!card) return null;
  const cardOf = t('flashcards.cardOf', {
    n: format.number(done + 1),
    total: format.number(total),
  });
  const isWordSkill =
    card.skill === 'recognition' || card.skill === 'recall' || card.skill === 'listening';
  // One view per card: a new card starts with fresh state (key).
  const view =
    card.skill === 'recall' ? (
      <RecallCardView
        key={`${card.key}:${done}`}
        card={card}
        language={language}
        player={player}
        onDone={onDone}
      />
    ) : card.skill === 'listening' ? (
      <ListeningCardView key={`${card.key}:${done}`} card={card} player={player} onDone={onDone} />
    ) : card.skill === 'dictation' ? (
      <DictationCardView key={`${card.key}:${done}`} card={card} player={player} onDone={onDone} />
    ) : card.skill === 'speaking' ? (
      <SayItCardView
        key={`${card.key}:${done}`}
        card={card}
        language={language}
        player={player}
        onDone={onDone}
      />
    ) : (
      <RecognitionCardView
        key={`${card.key}:${done}`}
        card={card}
        language={language}
        player={player}
        onDone={onDone}
      />
    );

  return (
    <section
      className={`flashcard practice-card practice-${card.skill}`}
      aria-label={cardOf}
      tabIndex={-1}
      ref={sectionRef}
      data-skill={card.skill}
    >
      <div className="flashcard-top">
        <span>{cardOf}</span>
        <ProgressBar value={done} max={total} label={cardOf} />
      </div>
      <CardExampleContext.Provider
        value={isWordSkill ? (examples?.get(card.itemId) ?? null) : null}
      >
        {view}
      </CardExampleContext.Provider>
    </section>
  );
}
