import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  buildReviewSession,
  mulberry32,
  type Flashcard,
  type MeaningLanguage,
} from '@magyarul/core/flashcards';
import {
  fetchCompletedLessonCount,
  fetchDueWords,
  fetchReviewedWordsCount,
  recordWordResult,
  saveFlashcardSession,
  toCardWords,
  type ApiWord,
} from '../lib/api.ts';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { useMeaningLanguage } from '../lib/meaning-language.ts';
import type { TextKey } from '../lib/i18n/catalogue.ts';
import { readBackendConfig } from '../lib/config.ts';
import { newId } from '../lib/ids.ts';
import { notify } from '../lib/toast.ts';
import { OfflineUnavailableError } from '../offline/reads.ts';
import { AppHeader } from '../components/app-header.tsx';
import { Button, ButtonLink } from '../components/button.tsx';
import { FlashcardPlayer, type SessionSummary } from '../components/flashcard-player.tsx';
import { Spinner } from '../components/spinner.tsx';

type ReviewData =
  | { kind: 'noLessons' }
  | { kind: 'moreLessons' }
  | { kind: 'caughtUp' }
  | { kind: 'ready'; words: ApiWord[] };

async function loadReview(userId: string): Promise<ReviewData> {
  const completed = await fetchCompletedLessonCount(userId);
  if (completed === 0) return { kind: 'noLessons' };
  const words = await fetchDueWords();
  if (words.length > 0) return { kind: 'ready', words };
  const reviewed = await fetchReviewedWordsCount(userId);
  return reviewed === 0 ? { kind: 'moreLessons' } : { kind: 'caughtUp' };
}

export function ReviewPage() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const t = useT();
  const meaning = useMeaningLanguage();
  const review = useQuery({
    queryKey: ['review', userId],
    queryFn: async () => {
      try {
        return await loadReview(userId);
      } catch (error) {
        // Offline with nothing kept on this device is not a failure: the page says so.
        if (!(error instanceof OfflineUnavailableError)) notify.error(t('flashcards.loadFailed'));
        throw error;
      }
    },
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });

  let content;
  if (review.isPending || review.isRefetching || !meaning.ready) {
    content = (
      <div className="center stack" role="status">
        <Spinner label={t('review.preparing')} />
        <p>{t('review.preparing')}</p>
      </div>
    );
  } else if (review.error instanceof OfflineUnavailableError) {
    content = (
      <Message title="review.offlineTitle" text="review.offlineText">
        <Button onClick={() => void review.refetch()}>{t('flashcards.tryAgain')}</Button>
      </Message>
    );
  } else if (review.isError) {
    content = (
      <Message title="review.somethingWentWrong" text="review.errorText">
        <Button onClick={() => void review.refetch()}>{t('flashcards.tryAgain')}</Button>
      </Message>
    );
  } else if (review.data.kind === 'noLessons') {
    content = <Message title="review.noLessonsCompleted" text="review.noLessonsText" />;
  } else if (review.data.kind === 'moreLessons') {
    content = <Message title="review.moreLessonsNeeded" text="review.moreLessonsText" />;
  } else if (review.data.kind === 'caughtUp') {
    content = <Message title="review.allCaughtUp" text="review.allCaughtUpText" />;
  } else {
    content = <ReviewSession words={review.data.words} language={meaning.language} />;
  }

  return (
    <>
      <AppHeader />
      <main id="main" className="page narrow">
        <h1>{t('review.title')}</h1>
        {content}
      </main>
    </>
  );
}

function Message({
  title,
  text,
  children,
}: {
  title: TextKey;
  text: TextKey;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="card center stack">
      <h2>{t(title)}</h2>
      <p>{t(text)}</p>
      <div className="button-row center">
        {children}
        <ButtonLink to="/dashboard" variant="secondary">
          {t('review.backToDashboard')}
        </ButtonLink>
      </div>
    </div>
  );
}

function ReviewSession({ words, language }: { words: ApiWord[]; language: MeaningLanguage }) {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const backendUrl = useMemo(() => readBackendConfig().url, []);
  const [cards] = useState<Flashcard[]>(() =>
    buildReviewSession(toCardWords(words, backendUrl), {
      random: mulberry32(Date.now() >>> 0),
      language,
    }),
  );

  // The session's answers are recorded under its id, and the session is saved under it.
  const [sessionId] = useState(newId);

  const onAnswer = useCallback(
    (card: Flashcard, correct: boolean) => {
      void recordWordResult(card.vocabularyId, correct, sessionId);
    },
    [sessionId],
  );

  const onFinished = useCallback(
    (summary: SessionSummary) => {
      void saveFlashcardSession(sessionId, null, summary.totalCards, summary.correctAnswers)
        .then(() =>
          notify.success(t('review.sessionComplete', { n: format.number(summary.accuracy) })),
        )
        .catch((error: unknown) => {
          console.error('Saving the review session failed', error);
          notify.error(t('flashcards.sessionSaveFailed'));
        })
        .finally(() => void navigate('/dashboard'));
    },
    [sessionId, t, format, navigate],
  );

  return (
    <FlashcardPlayer
      cards={cards}
      language={language}
      onAnswer={onAnswer}
      onFinished={onFinished}
    />
  );
}
