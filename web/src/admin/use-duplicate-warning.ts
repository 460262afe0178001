import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  duplicateLessonWarning,
  LESSON_NUMBER_CHECK_DELAY_MS,
  parseLessonNumber,
} from '@magyarul/core/lessons';
import { useT } from '../lib/i18n/i18n.tsx';
import { findLessonWithNumber } from './api.ts';

/**
 * Duplicate lesson number: checked 500 ms after typing stops, this lesson excluded (none in
 * the create dialog). The warning text, or null; none while typing or when the check fails.
 */
export function useDuplicateWarning(lessonNumber: string, lessonId: string | null): string | null {
  const t = useT();
  const number = parseLessonNumber(lessonNumber);
  const [waited, setWaited] = useState<number | null>(null);
  useEffect(() => {
    if (number === null) return;
    const timer = window.setTimeout(() => setWaited(number), LESSON_NUMBER_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [number]);
  // The number typed has stood still long enough (a number typed since is not yet checked).
  const settled = waited === number ? number : null;
  const other = useQuery({
    queryKey: ['admin', 'lesson-with-number', settled, lessonId],
    queryFn: () => findLessonWithNumber(settled ?? 0, lessonId),
    enabled: settled !== null,
    gcTime: 0,
    retry: false,
  });
  if (settled === null || !other.data) return null;
  const duplicate = duplicateLessonWarning(other.data);
  const status = t(duplicate.status.key, duplicate.status.params);
  return t(duplicate.key, { ...duplicate.params, status });
}
