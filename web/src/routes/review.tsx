import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import type { SessionSize } from '@magyarul/core/practice';
import { fetchCompletedLessonCount, fetchLesson, fetchReviewedWordsCount } from '../lib/api.ts';
import type { LessonRow } from '../lib/database.ts';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { useMeaningLanguage } from '../lib/meaning-language.ts';
import type { TextKey } from '../lib/i18n/catalogue.ts';
import { readBackendConfig } from '../lib/config.ts';
import { notify } from '../lib/toast.ts';
import { OfflineUnavailableError } from '../offline/reads.ts';
import { AppHeader } from '../components/app-header.tsx';
import { Button, ButtonLink } from '../components/button.tsx';
import { Spinner } from '../components/spinner.tsx';
import type { CardResult } from '../practice/card-result.ts';
import { fetchDueItems, recordPracticeAnswer } from '../practice/practice-api.ts';
import {
  fetchExampleLines,
  type ExampleLine,
  type ExampleLines,
} from '../practice/example-lines.ts';
import { PracticePlayer, type PracticeSummary } from '../practice/practice-player.tsx';
import { ReviewSetup } from '../practice/review-setup.tsx';
import { reviewCards, reviewCounts, type ReviewItems } from '../practice/review-session.ts';
import '../practice/practice.css';

// The review page (issue 30 point 4): every due item of every skill, mixed (recognition,
// recall, listening, dictation, Say it), with today's new items within the learner's daily
// limit, in a session of 10, 20 or 50. Offline it uses the list kept on this device without the
// items answered since.

type ReviewData =
  | { kind: 'noLessons' }
  | { kind: 'moreLessons' }
  | { kind: 'caughtUp' }
  | { kind: 'ready'; items: ReviewItems; examples: ExampleLines };

async function lessonsOf(rows: ReviewItems['rows']): Promise<ReviewItems['lessons']> {
  const ids = [
    ...new Set(rows.flatMap((r) => (r.kind === 'line' && r.lesson_id ? [r.lesson_id] : []))),
  ];
  const lessons = new Map<string, Pick<LessonRow, 'audio_url' | 'slow_audio_url'>>();
  for (const id of ids) {
    const lesson = await fetchLesson(id).catch(() => null);
    if (lesson) lessons.set(id, lesson);
  }
  return lessons;
}

async function loadReview(userId: string): Promise<ReviewData> {
  const completed = await fetchCompletedLessonCount(userId);
  if (completed === 0) return { kind: 'noLessons' };
  const rows = await fetchDueItems(userId);
  if (rows.length > 0) {
    // The examples are an extra: a review without them (an old device copy, a failed read) runs.
    const examples = await fetchExampleLines(userId).catch(() => new Map<string, ExampleLine>());
    return { kind: 'ready', items: { rows, lessons: await lessonsOf(rows) }, examples };
  }
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
    content = (
      <ReviewSession
        userId={userId}
        items={review.data.items}
        examples={review.data.examples}
        language={meaning.language}
      />
    );
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

function ReviewSession({
  userId,
  items,
  examples,
  language,
}: {
  userId: string;
  items: ReviewItems;
  examples: ExampleLines;
  language: MeaningLanguage;
}) {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const backendUrl = useMemo(() => readBackendConfig().url, []);
  const [size, setSize] = useState<SessionSize>(20);
  const [started, setStarted] = useState(false);
  const [seed] = useState(() => Date.now() >>> 0);
  const cards = useMemo(
    () => reviewCards(items, { size, language, backendUrl, now: new Date(), seed }),
    [items, size, language, backendUrl, seed],
  );
  const counts = reviewCounts(items.rows);

  const onAnswer = useCallback((result: CardResult) => {
    setStarted(true);
    void recordPracticeAnswer({ ...result.answer, sessionId: null });
  }, []);
  const onFinished = useCallback(
    (summary: PracticeSummary) => {
      const accuracy = summary.total === 0 ? 0 : Math.round((summary.right * 100) / summary.total);
      notify.success(t('review.sessionComplete', { n: format.number(accuracy) }));
      void queryClient.invalidateQueries({ queryKey: ['skills', userId] });
      void navigate('/dashboard');
    },
    [t, format, queryClient, userId, navigate],
  );

  return (
    <div className="stack">
      <ReviewSetup
        due={counts.due}
        fresh={counts.fresh}
        size={size}
        onSize={setSize}
        locked={started}
      />
      <PracticePlayer
        key={size}
        cards={cards}
        language={language}
        onAnswer={onAnswer}
        onFinished={onFinished}
        examples={examples}
      />
    </div>
  );
}
