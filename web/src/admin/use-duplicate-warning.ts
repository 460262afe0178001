import { useEffect, useState } from 'react';
import {
  duplicateLessonWarning,
  LESSON_NUMBER_CHECK_DELAY_MS,
  parseLessonNumber,
} from '@magyarul/core/lessons';
import { findLessonWithNumber } from './api.ts';

/**
 * Duplicate lesson number: checked 500 ms after typing stops, this lesson excluded (none in
 * the create dialog). The warning text, or null.
 */
export function useDuplicateWarning(lessonNumber: string, lessonId: string | null): string | null {
  const [duplicate, setDuplicate] = useState<string | null>(null);
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
  return duplicate;
}
