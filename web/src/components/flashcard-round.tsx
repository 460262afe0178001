import { useState, type ComponentProps } from 'react';
import { missedWordsSession, mulberry32, type Flashcard } from '@magyarul/core/flashcards';
import { newId } from '../lib/ids.ts';
import { FlashcardPlayer, type SessionSummary } from './flashcard-player.tsx';
import { ResultsOverlay } from './results-overlay.tsx';

type PlayerProps = ComponentProps<typeof FlashcardPlayer>;
type OverlayProps = Omit<
  ComponentProps<typeof ResultsOverlay>,
  'summary' | 'cards' | 'language' | 'onPractise' | 'practice' | 'lessonPassed'
>;

/** A practice round of missed words: its own session id, cards and (once done) results. */
type Practice = {
  readonly id: string;
  readonly number: number;
  readonly cards: readonly Flashcard[];
  readonly summary: SessionSummary | null;
};

/**
 * One round of a lesson's cards: the player (a fresh one each round, so Try Again starts over)
 * and, once the round is finished, its results over it. "Practise these now" on the results
 * plays a short round of just the missed words (then its own results, which may offer another
 * one), answered through `onPracticeAnswer` and reported by `onPracticeFinished` under the
 * practice round's own session id. The lesson and the demo both show it.
 */
export function FlashcardRound({
  round,
  summary,
  cards,
  language,
  onAnswer,
  onFinished,
  onPracticeAnswer,
  onPracticeFinished,
  ...overlay
}: PlayerProps &
  OverlayProps & {
    round: number;
    summary: SessionSummary | null;
    onPracticeAnswer?: (card: Flashcard, correct: boolean, sessionId: string) => void;
    onPracticeFinished?: (summary: SessionSummary, sessionId: string) => void;
  }) {
  const [practice, setPractice] = useState<Practice | null>(null);
  // Try Again starts a new lesson round: a practice of the last one is over.
  const [practiceOf, setPracticeOf] = useState(round);
  if (practiceOf !== round) {
    setPracticeOf(round);
    setPractice(null);
  }

  const practise = (from: SessionSummary, fromCards: readonly Flashcard[]) =>
    setPractice((previous) => ({
      id: newId(),
      number: (previous?.number ?? 0) + 1,
      cards: missedWordsSession(from.results, fromCards, mulberry32(Date.now() >>> 0)),
      summary: null,
    }));

  if (practice && summary) {
    const done = practice.summary;
    return (
      <>
        <FlashcardPlayer
          key={`practice-${practice.number}`}
          cards={practice.cards}
          language={language}
          onAnswer={(card, correct) => onPracticeAnswer?.(card, correct, practice.id)}
          onFinished={(result) => {
            setPractice({ ...practice, summary: result });
            onPracticeFinished?.(result, practice.id);
          }}
        />
        {done && (
          <ResultsOverlay
            {...overlay}
            summary={done}
            cards={practice.cards}
            language={language}
            practice
            lessonPassed={summary.passed}
            onPractise={() => practise(done, practice.cards)}
          />
        )}
      </>
    );
  }

  const shared = { cards, language };
  return (
    <>
      <FlashcardPlayer key={round} {...shared} onAnswer={onAnswer} onFinished={onFinished} />
      {summary && (
        <ResultsOverlay
          {...shared}
          {...overlay}
          summary={summary}
          onPractise={() => practise(summary, cards)}
        />
      )}
    </>
  );
}
