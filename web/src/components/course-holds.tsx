import { useQuery } from '@tanstack/react-query';
import { fetchCourseFigures } from '../lib/api.ts';
import { courseSpan } from '../lib/course-span.ts';
import { useT } from '../lib/i18n/i18n.tsx';

// What the published course holds, stated from data (issue 32 point 5): its CEFR level and
// minutes of audio from the lessons' rows, its lessons and words from course_figures.

type SpanLessons = readonly { readonly level: string | null; readonly duration: number | null }[];

/** "Level A1 (CEFR) throughout, with 60 minutes of audio at normal speed."; nothing without levels. */
export function CourseSpanText({ lessons, testId }: { lessons: SpanLessons; testId: string }) {
  const t = useT();
  const span = courseSpan(lessons);
  if (span.levels === null) return null;
  return (
    <p className="muted small" data-testid={testId}>
      {t(span.levels.includes('–') ? 'course.spanMixed' : 'course.span', {
        levels: span.levels,
        minutes: span.minutes,
      })}
    </p>
  );
}

/** Under the dashboard's lesson list: the lessons and words of the course, its level and minutes. */
export function CourseHolds({ lessons }: { lessons: SpanLessons }) {
  const t = useT();
  const figures = useQuery({
    queryKey: ['course-figures'],
    queryFn: fetchCourseFigures,
    retry: false,
  });
  return (
    <div className="course-holds">
      {figures.data && figures.data.lessons > 0 && (
        <p className="muted small" data-testid="course-holds">
          {t('course.holds', { lessons: figures.data.lessons, words: figures.data.words })}
        </p>
      )}
      <CourseSpanText lessons={lessons} testId="course-span" />
    </div>
  );
}
