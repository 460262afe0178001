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
  nextLesson,
  progressStrip,
  withDefaultTimings,
} from '@magyarul/core/lessons';
import {
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
import { ResultsOverlay } from '../components/results-overlay.tsx';
import { Spinner } from '../components/spinner.tsx';
import { Tabs } from '../components/tabs.tsx';
import { AppHeader } from '../components/app-header.tsx';
import { LessonProgressStrip } from '../components/lesson-progress-strip.tsx';

type TabId = 'audio' | 'flashcards';

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
    retry: false,
  });
  const transcript = useQuery({ queryKey: ['transcript', id], queryFn: () => fetchTranscript(id) });
  const vocabulary = useQuery({ queryKey: ['vocabulary', id], queryFn: () => fetchVocabulary(id) });
  const progress = useQuery({
    queryKey: ['progress', userId, id],
    queryFn: () => fetchLessonProgress(userId, id),
  });

  useEffect(() => {
    if (lesson.isError) {
      notify.error(t('lesson.loadFailed'));
      void navigate('/dashboard', { replace: true });
    }
  }, [lesson.isError, navigate, t]);

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

  if (lesson.isPending || progress.isPending || vocabulary.isPending || !meaning.ready)
    return <Spinner label={t('lesson.loading')} centred />;
  if (lesson.isError) return null;
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
  // a failure therefore lost both, and the learner hears about both (spec §8).
  const onFinished = useCallback(
    (result: SessionSummary) => {
      setSummary(result);
      void saveFlashcardSession(sessionId, lessonId, result.totalCards, result.correctAnswers)
        .then(() => {
          if (!result.passed) return;
          onPassed();
          void queryClient.invalidateQueries({ queryKey: ['progress', userId] });
        })
        .catch((error: unknown) => {
          console.error('Saving the session failed', error);
          notify.error(t('flashcards.sessionSaveFailed'));
          if (result.passed) notify.error(t('lesson.progressSaveFailed'));
        });
    },
    [sessionId, userId, lessonId, t, onPassed, queryClient],
  );

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
