import type { ReactNode } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { formatClock } from '@magyarul/core/lessons';
import type { LessonRow } from '../lib/database.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { lessonTitle } from '../lib/lesson-texts.ts';
import { AppHeader } from '../components/app-header.tsx';
import { MeaningText } from '../components/meaning-text.tsx';
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
  language,
  audioDone,
  flashcards,
}: {
  lesson: LessonRow;
  language: MeaningLanguage;
  audioDone: boolean;
  flashcards: FlashcardStage;
}) {
  const t = useT();
  const format = useFormat();
  return (
    <header className="lesson-header">
      <h1>
        <MeaningText meaning={lessonTitle(lesson, language)} learnerLanguage={language} />
      </h1>
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
