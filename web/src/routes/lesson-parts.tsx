import { useMemo, type ReactNode } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { audioUrlCandidates, formatClock, withDefaultTimings } from '@magyarul/core/lessons';
import type { LessonRow, TranscriptRow } from '../lib/database.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { readBackendConfig } from '../lib/config.ts';
import { AudioPlayer } from '../components/audio-player.tsx';
import { AppHeader } from '../components/app-header.tsx';
import { LessonProgressStrip, type FlashcardStage } from '../components/lesson-progress-strip.tsx';

// The parts of a lesson's page that the learner's lesson and the admin's preview share.

export function LessonMain({ className, children }: { className: string; children: ReactNode }) {
  return (
    <>
      <AppHeader />
      <main id="main" className={className}>
        {children}
      </main>
    </>
  );
}

export function LessonHeader({
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

/** The Audio tab: the dialogue, and its slower recording when every line has a time in it. */
export function LessonAudio({
  lesson,
  rows,
  language,
  onComplete,
}: {
  lesson: LessonRow;
  rows: readonly TranscriptRow[];
  language: MeaningLanguage;
  onComplete: () => void;
}) {
  const backendUrl = useMemo(() => readBackendConfig().url, []);
  const lines = withDefaultTimings(rows);
  const slowLines =
    lesson.slow_audio_url && rows.length > 0 && rows.every((r) => r.slow_start_time !== null)
      ? withDefaultTimings(
          rows.map((r) => ({ ...r, start_time: r.slow_start_time, end_time: r.slow_end_time })),
        )
      : null;
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
      onComplete={onComplete}
    />
  );
}
