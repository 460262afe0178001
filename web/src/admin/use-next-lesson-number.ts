import { useQuery } from '@tanstack/react-query';
import { nextLessonNumber } from '@magyarul/core/lessons';
import { fetchHighestLessonNumber } from './api.ts';

/**
 * The create dialog's lesson-number preset: the highest existing number + 1, or 1 when the read
 * fails. Read afresh at every opening; null while closed or while the read is under way.
 */
export function useNextLessonNumber(open: boolean): number | null {
  const next = useQuery({
    queryKey: ['admin', 'next-lesson-number'],
    queryFn: () =>
      fetchHighestLessonNumber()
        .then((highest) => nextLessonNumber(highest))
        .catch(() => 1),
    enabled: open,
    staleTime: 0,
  });
  return open && !next.isFetching ? (next.data ?? null) : null;
}
