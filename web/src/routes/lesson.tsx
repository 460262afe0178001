import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import {
  audioUrlCandidates,
  formatClock,
  progressStrip,
  withDefaultTimings,
} from '@magyarul/core/lessons';
import { saveAudioCompleted } from '../lib/api.ts';
import type { LessonRow, TranscriptRow, VocabularyRow } from '../lib/database.ts';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { useMeaningLanguage } from '../lib/meaning-language.ts';
import { readBackendConfig } from '../lib/config.ts';
import { notify } from '../lib/toast.ts';
import { AudioPlayer } from '../components/audio-player.tsx';
import { ButtonLink } from '../components/button.tsx';
import { LessonSkeleton, LoadError } from '../components/load-state.tsx';
import { AppHeader } from '../components/app-header.tsx';
import { LessonProgressStrip, type FlashcardStage } from '../components/lesson-progress-strip.tsx';
import { LessonTabs, type LessonTabId } from '../components/lesson-tabs.tsx';
import { LessonFlashcards } from './lesson-flashcards.tsx';
import { PracticeTab } from '../practice/practice-tab.tsx';
import { useLessonReads } from './lesson-reads.ts';
import { useWordHelp } from '../tokens/use-word-help.ts';
import { withTokens } from '../tokens/with-tokens.ts';
import type { WordToken } from '../tokens/word-token.ts';

export function LessonPage() {
  const { id = '' } = useParams();
  // A new lesson (e.g. after "Continue to Lesson n") starts with fresh state.
  return <LessonView key={id} id={id} />;
}

function LessonView({ id }: { id: string }) {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const t = useT();
  const meaning = useMeaningLanguage();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<LessonTabId>('audio');
  const [audioSaved, setAudioSaved] = useState(false);
  const [passedNow, setPassedNow] = useState(false);
  const reads = useLessonReads(id, userId);

  const strip = progressStrip(reads.progress.data);
  const audioDone = audioSaved || strip.audio === 'complete';
  const passed = passedNow || strip.flashcards === 'complete';

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

  if (reads.failed) {
    return (
      <LessonMain className="page narrow">
        <h1 className="visually-hidden">{t('lesson.loading')}</h1>
        <LoadError message={t('lesson.loadFailed')} onRetry={reads.retry}>
          <ButtonLink to="/dashboard" variant="secondary">
            {t('lesson.returnToDashboard')}
          </ButtonLink>
        </LoadError>
      </LessonMain>
    );
  }
  if (reads.pending || !meaning.ready || reads.locked) {
    return (
      <LessonMain className="page">
        <LessonSkeleton label={t('lesson.loading')} />
      </LessonMain>
    );
  }
  if (!reads.lesson.data) {
    return (
      <LessonMain className="page narrow center">
        <h1>{t('lesson.notFound')}</h1>
        <ButtonLink to="/dashboard">{t('lesson.returnToDashboard')}</ButtonLink>
      </LessonMain>
    );
  }
  const data = reads.lesson.data;

  return (
    <LessonMain className="page">
      <LessonHeader
        lesson={data}
        audioDone={audioDone}
        flashcards={passed ? 'complete' : audioDone ? 'ready' : 'locked'}
      />
      <LessonTabs
        label={data.title}
        audioDone={audioDone}
        passed={passed}
        active={tab}
        onChange={setTab}
      >
        {tab === 'practice' ? (
          <PracticeTab
            userId={userId}
            lesson={data}
            transcript={reads.transcript.data ?? []}
            vocabulary={reads.vocabulary.data ?? []}
            language={meaning.language}
            passed={passed}
          />
        ) : tab === 'audio' ? (
          <LessonAudio
            lesson={data}
            rows={reads.transcript.data ?? []}
            tokens={reads.tokens.data}
            vocabulary={reads.vocabulary.data ?? []}
            userId={userId}
            language={meaning.language}
            onComplete={onAudioComplete}
          />
        ) : (
          <LessonFlashcards
            lessonId={id}
            userId={userId}
            vocabulary={reads.vocabulary.data ?? []}
            language={meaning.language}
            passed={passed}
            onPassed={() => setPassedNow(true)}
          />
        )}
      </LessonTabs>
    </LessonMain>
  );
}

function LessonMain({ className, children }: { className: string; children: ReactNode }) {
  return (
    <>
      <AppHeader />
      <main id="main" className={className}>
        {children}
      </main>
    </>
  );
}

function LessonHeader({
  lesson,
  audioDone,
  flashcards,
}: {
  lesson: LessonRow;
  audioDone: boolean;
  flashcards: FlashcardStage;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <header className="lesson-header">
      <h1>{lesson.title}</h1>
      <dl className="lesson-meta">
        {lesson.lesson_number !== null && (
          <div>
            <dt className="visually-hidden">#</dt>
            <dd>{t('lesson.header.number', { n: format.number(lesson.lesson_number) })}</dd>
          </div>
        )}
        {lesson.level && (
          <div>
            <dt>{t('lesson.level')}</dt>
            <dd>{format.level(lesson.level)}</dd>
          </div>
        )}
        {lesson.duration ? (
          <div>
            <dt>{t('lesson.duration')}</dt>
            <dd>{formatClock(lesson.duration)}</dd>
          </div>
        ) : null}
      </dl>
      <LessonProgressStrip audioDone={audioDone} flashcards={flashcards} />
    </header>
  );
}

/**
 * The Audio tab: the dialogue, and its slower recording when every line has a time in it; every
 * word of its lines explains itself (tap-a-word).
 */
function LessonAudio({
  lesson,
  rows,
  tokens,
  vocabulary,
  userId,
  language,
  onComplete,
}: {
  lesson: LessonRow;
  rows: readonly TranscriptRow[];
  tokens: readonly WordToken[] | undefined;
  vocabulary: readonly VocabularyRow[];
  userId: string;
  language: MeaningLanguage;
  onComplete: () => void;
}) {
  const backendUrl = useMemo(() => readBackendConfig().url, []);
  const wordHelp = useWordHelp(userId, vocabulary, backendUrl);
  const lines = useMemo(() => withTokens(withDefaultTimings(rows), tokens), [rows, tokens]);
  const slowLines = useMemo(
    () =>
      lesson.slow_audio_url && rows.length > 0 && rows.every((r) => r.slow_start_time !== null)
        ? withTokens(
            withDefaultTimings(
              rows.map((r) => ({ ...r, start_time: r.slow_start_time, end_time: r.slow_end_time })),
            ),
            tokens,
          )
        : null,
    [lesson.slow_audio_url, rows, tokens],
  );
  return (
    <AudioPlayer
      sources={audioUrlCandidates(lesson.audio_url, backendUrl)}
      lines={lines}
      slow={
        slowLines
          ? { sources: audioUrlCandidates(lesson.slow_audio_url, backendUrl), lines: slowLines }
          : undefined
      }
      language={language}
      wordHelp={wordHelp}
      onComplete={onComplete}
    />
  );
}
