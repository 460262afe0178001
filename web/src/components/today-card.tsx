import { memo, useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lessonStatuses } from '@magyarul/core/lessons';
import { timeUntil } from '@magyarul/core/srs';
import { fetchAllProgress, fetchPublishedLessons } from '../lib/api.ts';
import { fetchToday, type Today } from '../lib/day-api.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { sendDueNotice } from '../offline/due-notice.ts';
import { onQueueChange } from '../offline/queue.ts';
import { ButtonLink } from './button.tsx';
import { ProgressBar } from './progress.tsx';

/**
 * The dashboard's first card (issue 29 point 2): what to do now. The words due (the button
 * starts the review) or when the next ones come due, Continue to the learner's next open
 * lesson, and today's answers against the daily goal. The figures are the server's (get_today).
 */
export const TodayCard = memo(function TodayCard({ userId }: { userId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  // Answers still in the offline queue when the card first read (a session just finished, or
  // answers given offline) count once they reach the server: read again as each one leaves.
  useEffect(
    () =>
      onQueueChange(
        () => void queryClient.invalidateQueries({ queryKey: ['progress', userId, 'today'] }),
      ),
    [userId, queryClient],
  );
  const today = useQuery({
    queryKey: ['progress', userId, 'today'],
    queryFn: () => fetchToday(userId),
    // Read again on every visit: a review just finished moves every figure.
    staleTime: 0,
  });
  // The service worker's notice (where the learner allowed notifications): words due now, or
  // when the next come due, as the server says. Words due now are due since their earliest due
  // time: the same due time on every visit until they are reviewed, so one notification for them.
  const data = today.data;
  useEffect(() => {
    if (!data) return;
    const now = data.dueCount > 0;
    sendDueNotice({
      dueAt: now ? (data.dueSince ?? new Date().toISOString()) : data.nextDue,
      title: t('notify.due.title'),
      body: now ? t('notify.due.body', { n: data.dueCount }) : t('notify.due.later'),
    });
  }, [data, t]);
  const lessons = useQuery({ queryKey: ['lessons', 'published'], queryFn: fetchPublishedLessons });
  const progress = useQuery({
    queryKey: ['progress', userId, 'all'],
    queryFn: () => fetchAllProgress(userId),
  });
  // The card shows once its three reads have answered, its room kept meanwhile: parts appearing
  // one by one pushed the rest of the dashboard down twice on a phone (layout shift 0.27).
  const settled = !today.isPending && !lessons.isPending && !progress.isPending;
  return (
    <section className="card today-card" aria-labelledby="today-title">
      <h2 id="today-title">{t('today.title')}</h2>
      {settled ? (
        <>
          <div className="today-actions">
            {today.data && <DueNow today={today.data} />}
            {lessons.data && progress.data && (
              <ContinueLesson lessons={lessons.data} progress={progress.data} />
            )}
          </div>
          {today.data && <DailyGoal today={today.data} />}
        </>
      ) : (
        <div className="today-placeholder" role="status" data-skeleton="">
          <span className="visually-hidden">{t('app.loading')}</span>
          <div className="today-actions" aria-hidden="true">
            <div className="skeleton today-skeleton-action" />
            <div className="skeleton today-skeleton-action" />
          </div>
          <div className="skeleton today-skeleton-goal" aria-hidden="true" />
        </div>
      )}
    </section>
  );
});

function DueNow({ today }: { today: Today }) {
  const t = useT();
  const format = useFormat();
  if (today.dueCount > 0) {
    return (
      <div className="today-item">
        <ButtonLink to="/review-flashcards" className="today-due">
          {t('today.due', { n: today.dueCount })}{' '}
          <span className="today-sub">{t('today.startReview')}</span>
        </ButtonLink>
      </div>
    );
  }
  let next: string | null = null;
  if (today.nextDue !== null) {
    // Rendering time is the moment the figure is read for: the card reads again on each visit.
    const until = timeUntil(new Date(today.nextDue), new Date());
    next = t('today.nextDue', { when: format.relative(until.value, until.unit) });
  }
  return (
    <div className="today-item" role="status">
      <p className="today-none">{t('today.noneDue')}</p>
      {next && <p className="muted small">{next}</p>}
    </div>
  );
}

function ContinueLesson({
  lessons,
  progress,
}: {
  lessons: Awaited<ReturnType<typeof fetchPublishedLessons>>;
  progress: Awaited<ReturnType<typeof fetchAllProgress>>;
}) {
  const t = useT();
  const format = useFormat();
  const next = lessonStatuses(lessons, progress).find((l) => l.status === 'open');
  if (!next) {
    return <p className="today-item muted">{t('today.allLessonsDone')}</p>;
  }
  const { lesson } = next;
  const title =
    lesson.lesson_number !== null
      ? t('today.continueLesson', { n: format.number(lesson.lesson_number), title: lesson.title })
      : lesson.title;
  return (
    <div className="today-item">
      <ButtonLink to={`/lesson/${lesson.id}`} variant="secondary" className="today-continue">
        {t('today.continue')} <span className="today-sub">{title}</span>
      </ButtonLink>
    </div>
  );
}

function DailyGoal({ today }: { today: Today }) {
  const t = useT();
  const format = useFormat();
  const met = today.answeredToday >= today.dailyGoal;
  return (
    <div className="today-goal">
      <h3>{t('today.goal')}</h3>
      <ProgressBar value={today.answeredToday} max={today.dailyGoal} label={t('today.goal')} />
      <p className="muted small">
        <span className="today-goal-progress">
          {t('today.goalProgress', {
            done: format.number(today.answeredToday),
            goal: today.dailyGoal,
          })}
        </span>
        {met && <strong> · {t('today.goalMet')}</strong>}
        {' · '}
        <Link to="/settings">{t('today.changeGoal')}</Link>
      </p>
    </div>
  );
}
