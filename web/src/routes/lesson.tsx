import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildLessonSession,
  mulberry32,
  type Flashcard,
  type MeaningLanguage,
} from '@magyarul/core/flashcards';
import {
  audioUrlCandidates,
  formatClock,
  lessonStatuses,
  nextLesson,
  progressStrip,
  withDefaultTimings,
} from '@magyarul/core/lessons';
import {
  fetchAllProgress,
  fetchInterleavedWords,
  fetchLesson,
  fetchLessonProgress,
  fetchPublishedLessons,
  fetchTranscript,
  fetchVocabulary,
  recordWordResult,
  saveAudioCompleted,
  saveFlashcardSession,
  toCardWords,
  type ApiWord,
} from '../lib/api.ts';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { useMeaningLanguage } from '../lib/meaning-language.ts';
import { readBackendConfig } from '../lib/config.ts';
import { newId } from '../lib/ids.ts';
import { notify } from '../lib/toast.ts';
import { AudioPlayer } from '../components/audio-player.tsx';
import { Button, ButtonLink } from '../components/button.tsx';
import { FlashcardPlayer, type SessionSummary } from '../components/flashcard-player.tsx';
import { ResultsOverlay, type SaveState } from '../components/results-overlay.tsx';
import { Spinner } from '../components/spinner.tsx';
import { LessonSkeleton, LoadError } from '../components/load-state.tsx';
import type { LockedLessonState } from './dashboard.tsx';
import { Tabs } from '../components/tabs.tsx';
import { AppHeader } from '../components/app-header.tsx';
import { LessonProgressStrip } from '../components/lesson-progress-strip.tsx';

type TabId = 'audio' | 'flashcards';

/** The first pause before a failed session save is tried again; it doubles up to the maximum. */
const SAVE_RETRY_FIRST_MS = 2000;
const SAVE_RETRY_MAX_MS = 30_000;

export function LessonPage() {
  const { id = '' } = useParams();
  // A new lesson (e.g. after "Continue to Lesson n") starts with fresh state.
  return <LessonView key={id} id={id} />;
}

function LessonView({ id }: { id: string }) {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const t = useT();
  const format = useFormat();
  const meaning = useMeaningLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabId>('audio');
  const [audioSaved, setAudioSaved] = useState(false);
  const [passedNow, setPassedNow] = useState(false);

  const lesson = useQuery({
    queryKey: ['lesson', id],
    queryFn: () => fetchLesson(id),
  });
  const transcript = useQuery({ queryKey: ['transcript', id], queryFn: () => fetchTranscript(id) });
  const vocabulary = useQuery({ queryKey: ['vocabulary', id], queryFn: () => fetchVocabulary(id) });
  const progress = useQuery({
    queryKey: ['progress', userId, id],
    queryFn: () => fetchLessonProgress(userId, id),
  });
  // The dashboard's reads: whether this lesson is open for the learner (a locked lesson typed
  // into the address bar sends them back; the server refuses its progress anyway).
  const published = useQuery({
    queryKey: ['lessons', 'published'],
    queryFn: fetchPublishedLessons,
  });
  const allProgress = useQuery({
    queryKey: ['progress', userId, 'all'],
    queryFn: () => fetchAllProgress(userId),
  });
  const reads = [lesson, transcript, vocabulary, progress, published, allProgress];
  const failed = reads.some((read) => read.isError);
  const pending = reads.some((read) => read.isPending) || !meaning.ready;

  const status =
    published.data && allProgress.data
      ? lessonStatuses(published.data, allProgress.data).find((row) => row.lesson.id === id)
      : undefined;
  // Decided on fresh reads only: right after a pass the cached progress still has the lesson
  // before this one unfinished until its refetch lands.
  const locked = status?.status === 'locked' && !published.isFetching && !allProgress.isFetching;
  useEffect(() => {
    if (!locked) return;
    const state: LockedLessonState = {
      lockedLesson: { number: status.lesson.lesson_number ?? null },
    };
    void navigate('/dashboard', { replace: true, state });
  }, [locked, status, navigate]);

  const strip = progressStrip(progress.data);
  const audioDone = audioSaved || strip.audio === 'complete';
  const passed = passedNow || strip.flashcards === 'complete';
  const backendUrl = useMemo(() => readBackendConfig().url, []);

  const onAudioComplete = useCallback(() => {
    if (audioDone) return;
    void saveAudioCompleted(id)
      .then(() => {
        setAudioSaved(true);
        notify.success(t('lesson.audioCompleted'));
        void queryClient.invalidateQueries({ queryKey: ['progress', userId] });
      })
      .catch((error: unknown) => {
        console.error('Saving audio progress failed', error);
        notify.error(t('lesson.progressSaveFailed'));
      });
  }, [audioDone, userId, id, t, queryClient]);

  if (failed) {
    return (
      <>
        <AppHeader />
        <main id="main" className="page narrow">
          <h1 className="visually-hidden">{t('lesson.loading')}</h1>
          <LoadError
            message={t('lesson.loadFailed')}
            onRetry={() => {
              for (const read of reads) if (read.isError) void read.refetch();
            }}
          >
            <ButtonLink to="/dashboard" variant="secondary">
              {t('lesson.returnToDashboard')}
            </ButtonLink>
          </LoadError>
        </main>
      </>
    );
  }
  if (pending || locked) {
    return (
      <>
        <AppHeader />
        <main id="main" className="page">
          <LessonSkeleton label={t('lesson.loading')} />
        </main>
      </>
    );
  }
  if (!lesson.data) {
    return (
      <>
        <AppHeader />
        <main id="main" className="page narrow center">
          <h1>{t('lesson.notFound')}</h1>
          <ButtonLink to="/dashboard">{t('lesson.returnToDashboard')}</ButtonLink>
        </main>
      </>
    );
  }
  const data = lesson.data;
  const rows = transcript.data ?? [];
  const lines = withDefaultTimings(rows);
  // The slower recording is offered only when every line has its own time in it.
  const slowLines =
    data.slow_audio_url && rows.length > 0 && rows.every((r) => r.slow_start_time !== null)
      ? withDefaultTimings(
          rows.map((r) => ({ ...r, start_time: r.slow_start_time, end_time: r.slow_end_time })),
        )
      : null;

  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <header className="lesson-header">
          <h1>{data.title}</h1>
          <dl className="lesson-meta">
            {data.lesson_number !== null && (
              <div>
                <dt className="visually-hidden">#</dt>
                <dd>{t('lesson.header.number', { n: format.number(data.lesson_number) })}</dd>
              </div>
            )}
            {data.level && (
              <div>
                <dt>{t('lesson.level')}</dt>
                <dd>{format.level(data.level)}</dd>
              </div>
            )}
            {data.duration ? (
              <div>
                <dt>{t('lesson.duration')}</dt>
                <dd>{formatClock(data.duration)}</dd>
              </div>
            ) : null}
          </dl>
          <LessonProgressStrip
            audioDone={audioDone}
            flashcards={passed ? 'complete' : audioDone ? 'ready' : 'locked'}
          />
        </header>
        <Tabs
          label={data.title}
          tabs={[
            { id: 'audio', label: t('lesson.tab.audio') },
            { id: 'flashcards', label: t('lesson.tab.flashcards'), disabled: !audioDone },
          ]}
          active={tab}
          onChange={setTab}
        >
          {tab === 'audio' ? (
            <AudioPlayer
              sources={audioUrlCandidates(data.audio_url, backendUrl)}
              lines={lines}
              slow={
                slowLines
                  ? {
                      sources: audioUrlCandidates(data.slow_audio_url, backendUrl),
                      lines: slowLines,
                    }
                  : undefined
              }
              language={meaning.language}
              onComplete={onAudioComplete}
            />
          ) : (
            <LessonFlashcards
              lessonId={id}
              userId={userId}
              vocabulary={vocabulary.data ?? []}
              language={meaning.language}
              passed={passed}
              onPassed={() => setPassedNow(true)}
            />
          )}
        </Tabs>
      </main>
    </>
  );
}

function LessonFlashcards({
  lessonId,
  userId,
  vocabulary,
  language,
  passed,
  onPassed,
}: {
  lessonId: string;
  userId: string;
  vocabulary: readonly ApiWord[];
  /** The learner's meaning language, fixed while the tab is open like the cards. */
  language: MeaningLanguage;
  passed: boolean;
  onPassed: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const backendUrl = useMemo(() => readBackendConfig().url, []);
  const [cards, setCards] = useState<Flashcard[] | null>(null);
  const newSession = useCallback(
    (chosen: readonly ApiWord[]) =>
      buildLessonSession(toCardWords(chosen, backendUrl), {
        random: mulberry32(Date.now() >>> 0),
        language,
      }),
    [backendUrl, language],
  );
  const [words, setWords] = useState<readonly ApiWord[]>([]);
  const [round, setRound] = useState(0);
  // One id per attempt: its answers are recorded under it and the session is saved under it.
  const [sessionId, setSessionId] = useState(newId);
  const [summary, setSummary] = useState<SessionSummary | null>(null);
  const lessons = useQuery({ queryKey: ['lessons', 'published'], queryFn: fetchPublishedLessons });

  // The cards are drawn once when the tab opens and stay frozen until the learner leaves it.
  useEffect(() => {
    let active = true;
    void fetchInterleavedWords(lessonId)
      .then((fetched) => (fetched.length > 0 ? fetched : vocabulary))
      .catch((error: unknown) => {
        console.error('get-interleaved-words failed; using the lesson vocabulary', error);
        notify.error(t('flashcards.loadFailed'));
        return vocabulary;
      })
      .then((chosen) => {
        if (!active) return;
        setWords(chosen);
        setCards(newSession(chosen));
      });
    return () => {
      active = false;
    };
    // Keyed on the lesson only, on purpose: a refetch must not reshuffle a running session.
  }, [lessonId]);

  const onAnswer = useCallback(
    (card: Flashcard, correct: boolean) => {
      void recordWordResult(card.vocabularyId, correct, sessionId);
    },
    [sessionId],
  );

  // One call saves the session and, for a pass, completes the lesson in the same transaction;
  // a failure therefore lost both, and the learner hears about both (spec §8). The result stays
  // on screen and the save is tried again (by itself, with a growing pause, or at once with
  // Save now); a pass continues to the next lesson only once it is stored (issue 13).
  const [saveState, setSaveState] = useState<SaveState>('saving');
  const [saveAttempt, setSaveAttempt] = useState(0);
  useEffect(() => {
    if (!summary) return;
    let active = true;
    let timer: number | undefined;
    setSaveState('saving');
    saveFlashcardSession(sessionId, lessonId, summary.totalCards, summary.correctAnswers)
      .then(() => {
        if (!active) return;
        setSaveState('saved');
        if (!summary.passed) return;
        onPassed();
        void queryClient.invalidateQueries({ queryKey: ['progress', userId] });
      })
      .catch((error: unknown) => {
        console.error('Saving the session failed', error);
        if (!active) return;
        if (saveAttempt === 0) {
          notify.error(t('flashcards.sessionSaveFailed'));
          if (summary.passed) notify.error(t('lesson.progressSaveFailed'));
        }
        setSaveState('failed');
        timer = window.setTimeout(
          () => setSaveAttempt((n) => n + 1),
          Math.min(SAVE_RETRY_MAX_MS, SAVE_RETRY_FIRST_MS * 2 ** saveAttempt),
        );
      });
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
    // t, onPassed and queryClient do not start a new save; the summary and the attempt do.
  }, [summary, saveAttempt, sessionId, lessonId, userId]);

  const onFinished = useCallback((result: SessionSummary) => {
    setSaveState('saving');
    setSaveAttempt(0);
    setSummary(result);
  }, []);

  const next = nextLesson(lessons.data ?? [], lessonId);

  if (!cards) return <Spinner label={t('lesson.loadingFlashcards')} />;
  if (cards.length === 0) return <p className="muted">{t('flashcards.empty')}</p>;

  return (
    <div className="stack">
      {passed && (
        <Button variant="secondary" onClick={() => notify.info(t('flashcards.optionalReviewSoon'))}>
          {t('flashcards.reviewMore')}
        </Button>
      )}
      <FlashcardPlayer
        key={round}
        cards={cards}
        language={language}
        onAnswer={onAnswer}
        onFinished={onFinished}
      />
      {summary && (
        <ResultsOverlay
          summary={summary}
          cards={cards}
          language={language}
          saveState={saveState}
          onSaveNow={() => setSaveAttempt((n) => n + 1)}
          continueLabel={
            next?.lesson_number != null
              ? t('flashcards.continueToLesson', { n: format.number(next.lesson_number) })
              : t('flashcards.continueToDashboard')
          }
          onContinue={() => void navigate(next ? `/lesson/${next.id}` : '/dashboard')}
          onTryAgain={() => {
            setSummary(null);
            setCards(newSession(words));
            setSessionId(newId());
            setRound((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
