import type { ComponentProps } from 'react';
import { FlashcardPlayer, type SessionSummary } from './flashcard-player.tsx';
import { ResultsOverlay } from './results-overlay.tsx';

type PlayerProps = ComponentProps<typeof FlashcardPlayer>;
type OverlayProps = Omit<ComponentProps<typeof ResultsOverlay>, 'summary' | 'cards' | 'language'>;

/**
 * One round of a lesson's cards: the player (a fresh one each round, so Try Again starts over)
 * and, once the round is finished, its results over it. The lesson and the demo both show it.
 */
export function FlashcardRound({
  round,
  summary,
  cards,
  language,
  onAnswer,
  onFinished,
  ...overlay
}: PlayerProps & OverlayProps & { round: number; summary: SessionSummary | null }) {
  const shared = { cards, language };
  return (
    <>
      <FlashcardPlayer key={round} {...shared} onAnswer={onAnswer} onFinished={onFinished} />
      {summary && <ResultsOverlay {...shared} summary={summary} {...overlay} />}
    </>
  );
}
