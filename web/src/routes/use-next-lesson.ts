import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { nextLesson } from '@magyarul/core/lessons';
import { fetchPublishedLessons } from '../lib/api.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { hasDownload } from '../offline/downloads.ts';
import { useOnline } from '../offline/online.ts';

/**
 * Where "Continue" goes after a lesson's pass: the next lesson, or the dashboard after the last.
 * Offline, only to a next lesson downloaded on this device (another one cannot load); otherwise
 * to the dashboard, with a `notice` that says why.
 */
export function useNextLesson(lessonId: string) {
  const t = useT();
  const format = useFormat();
  const navigate = useNavigate();
  const online = useOnline();
  const lessons = useQuery({ queryKey: ['lessons', 'published'], queryFn: fetchPublishedLessons });
  const next = nextLesson(lessons.data ?? [], lessonId);
  const downloaded = useQuery({
    queryKey: ['offline', 'has-download', next?.id ?? ''],
    queryFn: () => hasDownload(next?.id ?? ''),
    enabled: next !== undefined,
    networkMode: 'always',
  });
  const reachable = next ? online || downloaded.data === true : false;
  const number = next?.lesson_number != null ? format.number(next.lesson_number) : null;
  return {
    label:
      reachable && number !== null
        ? t('flashcards.continueToLesson', { n: number })
        : t('flashcards.continueToDashboard'),
    go: () => void navigate(reachable && next ? `/lesson/${next.id}` : '/dashboard'),
    notice:
      next && !reachable && number !== null
        ? t('flashcards.nextNotDownloaded', { n: number })
        : null,
  };
}
