import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  buildLessonSession,
  mulberry32,
  type Flashcard,
  type MeaningLanguage,
} from '@magyarul/core/flashcards';
import { toCardWords, type ApiWord } from '../lib/api.ts';
import { readBackendConfig } from '../lib/config.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import type { SessionSummary } from '../components/flashcard-player.tsx';
import { FlashcardRound } from '../components/flashcard-round.tsx';

function previewCards(
  vocabulary: readonly ApiWord[],
  language: MeaningLanguage,
  round: number,
): Flashcard[] {
  return buildLessonSession(toCardWords(vocabulary, readBackendConfig().url), {
    random: mulberry32((Date.now() + round) >>> 0),
    language,
    round,
  });
}

const ignore = () => undefined;

/**
 * The preview's Flashcards tab: the lesson's own words dealt as a learner's first session
 * (without review words, which would be the admin's own), played through the learner's player
 * and results, and nothing sent: answers, sessions and practice rounds stay on this page.
 */
export function PreviewFlashcards({
  vocabulary,
  language,
}: {
  vocabulary: readonly ApiWord[];
  language: MeaningLanguage;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const [cards, setCards] = useState(() => previewCards(vocabulary, language, 0));
  const [summary, setSummary] = useState<SessionSummary | null>(null);

  if (cards.length === 0) return <p className="muted">{t('flashcards.empty')}</p>;
  return (
    <FlashcardRound
      round={round}
      summary={summary}
      cards={cards}
      language={language}
      onAnswer={ignore}
      onFinished={setSummary}
      onPracticeAnswer={ignore}
      onPracticeFinished={ignore}
      continueLabel={t('preview.backToAdmin')}
      onContinue={() => void navigate('/admin')}
      onTryAgain={() => {
        setSummary(null);
        setCards(previewCards(vocabulary, language, round + 1));
        setRound((n) => n + 1);
      }}
    />
  );
}
