import { useT } from '../lib/i18n/i18n.tsx';
import { LockIcon } from './icons.tsx';

export type FlashcardStage = 'locked' | 'ready' | 'complete';

export function LessonProgressStrip({
  audioDone,
  flashcards,
}: {
  audioDone: boolean;
  flashcards: FlashcardStage;
}) {
  const t = useT();
  const stageKey = {
    locked: 'lesson.progress.locked',
    ready: 'lesson.progress.ready',
    complete: 'lesson.progress.done',
  } as const;
  return (
    <ul className="progress-strip" aria-label={t('lesson.progress')}>
      <li className={audioDone ? 'done' : ''}>
        <span aria-hidden="true">{audioDone ? '✓' : '○'}</span> {t('lesson.progress.audio')}:{' '}
        {t(audioDone ? 'lesson.progress.done' : 'lesson.progress.notDone')}
      </li>
      <li className={flashcards === 'complete' ? 'done' : ''}>
        <span aria-hidden="true">
          {flashcards === 'complete' ? '✓' : flashcards === 'locked' ? <LockIcon /> : '○'}
        </span>{' '}
        {t('lesson.progress.flashcards')}: {t(stageKey[flashcards])}
      </li>
    </ul>
  );
}
