import { memo, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  fetchAllProgress,
  fetchProfile,
  saveTimeZone,
  fetchPublishedLessons,
  fetchReviewedWordsCount,
  fetchStreak,
  fetchTouristPack,
  type LessonSummary,
} from '../lib/api.ts';
import type { LessonProgressRow } from '../lib/database.ts';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { useMeaningLanguage } from '../lib/meaning-language.ts';
import { lessonTitle } from '../lib/lesson-texts.ts';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { MeaningText } from '../components/meaning-text.tsx';
import { CourseHolds } from '../components/course-holds.tsx';
import { lessonStatuses, type LessonStatus } from '@magyarul/core/lessons';
import { notify } from '../lib/toast.ts';
import { useIdleReady, whenIdle } from '../lib/idle.ts';
import { AppHeader } from '../components/app-header.tsx';
import { ButtonLink } from '../components/button.tsx';
import { ProgressBar } from '../components/progress.tsx';
import { LoadError, SkeletonRows } from '../components/load-state.tsx';
import { FlameIcon, LockIcon } from '../components/icons.tsx';
import { TouristPackWords } from '../components/tourist-pack-words.tsx';
import { TodayCard } from '../components/today-card.tsx';
import { AchievementsCard } from '../components/achievements-card.tsx';
import { OfflineLessons } from '../offline/offline-lessons.tsx';
import { useOnline } from '../offline/online.ts';
import { SkillOverview } from '../practice/skill-overview.tsx';

const OVERALL_GOAL = 2000;

/** What the lesson viewer says when it sends the learner back from a locked lesson. */
export type LockedLessonState = { readonly lockedLesson: { readonly number: number | null } };

function lockedNotice(state: unknown): { number: number | null } | null {
  const locked = (state as Partial<LockedLessonState> | null)?.lockedLesson;
  return locked && (typeof locked.number === 'number' || locked.number === null) ? locked : null;
}

export function DashboardPage() {
  const { user, role } = useAuth();
  const t = useT();
  const format = useFormat();
  const userId = user?.id ?? '';
  const profile = useQuery({
    queryKey: ['profile', userId],
    queryFn: () => fetchProfile(userId),
    enabled: !!user,
  });
  const name = profile.data?.name ?? '';
  const locked = lockedNotice(useLocation().state);
  const online = useOnline();
  // Below the progress card and the lessons: rendered once the first screen is painted.
  const belowFold = useIdleReady({ timeout: 1000 });

  // Streaks count local days: keep the profile's time zone in step with the browser's.
  const savedZone = profile.data?.timeZone;
  useEffect(() => {
    if (!userId || !savedZone) return;
    // Not urgent, and the browser's first Intl call loads its locale data (30+ ms of main thread,
    // four times that on a phone): done once the page has long settled.
    return whenIdle(
      () => {
        const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        if (!zone || zone === savedZone) return;
        saveTimeZone(userId, zone).catch((error: unknown) =>
          console.warn('Saving the time zone failed; streaks use the saved one.', error),
        );
      },
      { delay: 10_000 },
    );
  }, [userId, savedZone]);

  return (
    <>
      <AppHeader />
      <main id="main" className="page">
        <h1 className="visually-hidden">{t('dashboard.title')}</h1>
        {!online && (
          <p className="notice offline-notice" role="status">
            {t('dashboard.offlineStale')}
          </p>
        )}
        <section className="greeting">
          {user ? (
            <p className="greeting-text">
              {name ? t('dashboard.greeting', { name }) : t('dashboard.greetingNoName')}
            </p>
          ) : (
            <p className="greeting-text">
              {t('dashboard.guest')} · <Link to="/auth">{t('dashboard.loginPrompt')}</Link>
            </p>
          )}
          {/* Signed in, the Today card says what to do (issue 29 point 2); the demo lesson
              stays for visitors and on the landing page. */}
          {(!user || role === 'admin') && (
            <div className="button-row">
              {!user && (
                <ButtonLink to="/lesson-demo">{t('dashboard.continueLearning')}</ButtonLink>
              )}
              {role === 'admin' && (
                <ButtonLink to="/admin" variant="secondary">
                  {t('dashboard.adminDashboard')}
                </ButtonLink>
              )}
            </div>
          )}
        </section>
        {locked && (
          <p className="notice" role="alert">
            {locked.number !== null
              ? t('lesson.locked', { n: format.number(locked.number) })
              : t('lesson.lockedUnnumbered')}
          </p>
        )}
        {user && <TodayCard userId={userId} />}
        {user && <ProgressCard userId={userId} />}
        {user && <SkillOverview userId={userId} />}
        {user && <AchievementsCard userId={userId} />}
        <LessonList userId={userId} />
        {user && belowFold && <OfflineLessons userId={userId} />}
      </main>
    </>
  );
}

// Each card reads its own queries: memo keeps a result that lands for one card (or the page's own
// reads) from rendering the others again, one short task per result on a slow phone.
const ProgressCard = memo(function ProgressCard({ userId }: { userId: string }) {
  const t = useT();
  const format = useFormat();
  const reviewed = useQuery({
    queryKey: ['reviewed-count', userId],
    queryFn: () => fetchReviewedWordsCount(userId),
  });
  const pack = useQuery({
    queryKey: ['tourist-pack', userId],
    queryFn: () => fetchTouristPack(userId),
  });
  const streak = useQuery({ queryKey: ['streak', userId], queryFn: () => fetchStreak(userId) });
  const lessons = useQuery({ queryKey: ['lessons', 'published'], queryFn: fetchPublishedLessons });
  const packTotal = pack.data?.total ?? 150;
  const packReviewed = pack.data?.reviewed ?? 0;
  return (
    <section className="card progress-card" aria-labelledby="progress-title">
      <div className="progress-card-head">
        <h2 id="progress-title">{t('dashboard.progressTitle')}</h2>
        <span className="badge streak">
          <FlameIcon /> {t('dashboard.streak', { n: streak.data ?? 0 })}
        </span>
      </div>
      <p>{t('dashboard.overallGoal')}</p>
      <ProgressBar
        value={reviewed.data ?? 0}
        max={OVERALL_GOAL}
        label={t('dashboard.overallGoal')}
      />
      <p className="muted small">
        {format.number(reviewed.data ?? 0)} / {format.number(OVERALL_GOAL)}
      </p>
      {/* Under the goal, what the course holds today (issue 32 point 5). */}
      <CourseHolds lessons={lessons.data ?? []} />
      <h3>{t('dashboard.touristPackTitle')}</h3>
      <ProgressBar value={packReviewed} max={packTotal} label={t('dashboard.touristPackTitle')} />
      <p className="muted small">
        {t('dashboard.touristPack', {
          reviewed: format.number(packReviewed),
          total: packTotal,
        })}
      </p>
      <TouristPackWords userId={userId} />
    </section>
  );
});

const STATUS_ICON: Record<LessonStatus, ReactNode> = {
  locked: <LockIcon />,
  complete: '✓',
  open: '▶',
};
const STATUS_KEY = {
  locked: 'dashboard.status.locked',
  complete: 'dashboard.status.complete',
  open: 'dashboard.status.open',
} as const;

const LessonList = memo(function LessonList({ userId }: { userId: string }) {
  const t = useT();
  const { language } = useMeaningLanguage();
  const lessons = useQuery({ queryKey: ['lessons', 'published'], queryFn: fetchPublishedLessons });
  const progress = useQuery({
    queryKey: ['progress', userId, 'all'],
    queryFn: () => fetchAllProgress(userId),
    enabled: userId !== '',
  });

  // Without the learner's progress the locks would be wrong: both reads make the list.
  const failed = lessons.isError || progress.isError;
  useEffect(() => {
    if (failed) notify.error(t('lessons.loadFailed'));
  }, [failed, t]);

  let body;
  if (failed) {
    body = (
      <LoadError
        message={t('lessons.loadFailed')}
        onRetry={() => {
          if (lessons.isError) void lessons.refetch();
          if (progress.isError) void progress.refetch();
        }}
      />
    );
  } else if (lessons.isPending || (userId !== '' && progress.isPending))
    body = <SkeletonRows rows={6} label={t('app.loading')} />;
  else if (lessons.data.length === 0) body = <p>{t('lessons.empty')}</p>;
  else {
    body = <LessonRows lessons={lessons.data} progress={progress.data} language={language} />;
  }
  return (
    <section aria-labelledby="lessons-title" className="section">
      <h2 id="lessons-title">{t('dashboard.lessonsTitle')}</h2>
      {body}
    </section>
  );
});

/** Rows rendered with the list; the rest (out of view on a phone and on most screens) follow once
 *  the browser is idle, so laying out thirty rows and more is not one long task. */
const FIRST_ROWS = 8;

function LessonRows({
  lessons,
  progress,
  language,
}: {
  lessons: readonly LessonSummary[];
  progress: readonly LessonProgressRow[] | undefined;
  language: MeaningLanguage;
}) {
  const all = useIdleReady({ timeout: 1000 });
  const rows = lessonStatuses(lessons, progress ?? []);
  return (
    <ol className="lesson-list">
      {(all ? rows : rows.slice(0, FIRST_ROWS)).map(({ lesson, status }) => (
        <LessonRow key={lesson.id} lesson={lesson} status={status} language={language} />
      ))}
    </ol>
  );
}

const LessonRow = memo(function LessonRow({
  lesson,
  status,
  language,
}: {
  lesson: LessonSummary;
  status: LessonStatus;
  language: MeaningLanguage;
}) {
  const t = useT();
  const format = useFormat();
  const content = (
    <>
      <span className={`status-icon status-${status}`} aria-hidden="true">
        {STATUS_ICON[status]}
      </span>
      <span className="lesson-row-text">
        <span className="lesson-row-title">
          {lesson.lesson_number !== null && `${format.number(lesson.lesson_number)}. `}
          <MeaningText meaning={lessonTitle(lesson, language)} learnerLanguage={language} />
        </span>
        {lesson.level && <span className="muted small"> · {format.level(lesson.level)}</span>}
      </span>
      <span className="visually-hidden"> ({t(STATUS_KEY[status])})</span>
    </>
  );
  return (
    <li className={`lesson-row ${status}`}>
      {status === 'locked' ? (
        <div className="lesson-row-inner" aria-disabled="true">
          {content}
        </div>
      ) : (
        <Link className="lesson-row-inner" to={`/lesson/${lesson.id}`}>
          {content}
        </Link>
      )}
    </li>
  );
});
