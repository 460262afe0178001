import { useEffect, useState } from 'react';
import {
  duplicateLessonWarning,
  LESSON_NUMBER_CHECK_DELAY_MS,
  parseLessonNumber,
  type DuplicateLessonWarning,
} from '@magyarul/core/lessons';
import { useT } from '../lib/i18n/i18n.tsx';
import { findLessonWithNumber } from './api.ts';

/**
 * Duplicate lesson number: checked 500 ms after typing stops, this lesson excluded (none in
 * the create dialog). The warning text, or null.
 */
export function useDuplicateWarning(lessonNumber: string, lessonId: string | null): string | null {
  const t = useT();
  const [duplicate, setDuplicate] = useState<DuplicateLessonWarning | null>(null);
  useEffect(() => {
    setDuplicate(null);
    const number = parseLessonNumber(lessonNumber);
    if (number === null) return;
    let active = true;
    const timer = window.setTimeout(() => {
      findLessonWithNumber(number, lessonId)
        .then((other) => {
          if (active) setDuplicate(other ? duplicateLessonWarning(other) : null);
        })
        .catch(() => undefined);
    }, LESSON_NUMBER_CHECK_DELAY_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [lessonNumber, lessonId]);
  if (!duplicate) return null;
  const status = t(duplicate.status.key, duplicate.status.params);
  return t(duplicate.key, { ...duplicate.params, status });
}
