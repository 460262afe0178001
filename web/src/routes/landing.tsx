import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { fetchCourseFigures, fetchPreviewLessons, type LessonSummary } from '../lib/api.ts';
import { useAuth } from '../lib/auth.tsx';
import { useT, type Translate } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { fetchCourseSpanRows } from '../lib/course-api.ts';
import { lessonDescription, lessonTitle } from '../lib/lesson-texts.ts';
import { useMeaningLanguage } from '../lib/meaning-language.ts';
import { MeaningText } from '../components/meaning-text.tsx';
import { CourseSpanText } from '../components/course-holds.tsx';
import { Button, ButtonLink } from '../components/button.tsx';
import { SiteHeader } from '../components/site-header.tsx';
import { SiteFooter } from '../components/site-footer.tsx';

const FEATURES = ['words', 'dialogue', 'confidence', 'sync', 'offline', 'streaks'] as const;

export function LandingPage() {
  const { user } = useAuth();
  const t = useT();
  return (
    <>
      <SiteHeader landing />
      <main id="main">
        <section className="hero">
          <h1>{t('landing.hero.title')}</h1>
          <p className="lead">{t('landing.hero.subtitle')}</p>
          <div className="hero-actions">
            {user ? (
              <ButtonLink to="/dashboard">{t('landing.hero.continueLearning')}</ButtonLink>
            ) : (
              <ButtonLink to="/auth">{t('landing.hero.tryDemoLesson')}</ButtonLink>
            )}
            {/* The spec shows this button without an action. */}
            <Button variant="secondary">{t('landing.hero.viewAllLessons')}</Button>
          </div>
          <p className="muted">{t('landing.trial')}</p>
        </section>
        <section id="features" className="section" aria-labelledby="features-title">
          <h2 id="features-title">{t('landing.features.title')}</h2>
          <ul className="feature-grid">
            {FEATURES.map((feature) => (
              <li key={feature} className="card">
                <h3>{t(`landing.features.${feature}.title` as const)}</h3>
                <p>{t(`landing.features.${feature}.text` as const)}</p>
                {feature === 'words' && <AvailableNow />}
              </li>
            ))}
          </ul>
        </section>
        <LessonsPreview />
      </main>
      <SiteFooter />
    </>
  );
}

/**
 * Beside the marketing claim, what a learner finds today (counted from the published lessons:
 * lessons, words, CEFR level and minutes of dialogue), so the page never promises more than the
 * course holds. Hidden while loading or on failure.
 */
function AvailableNow() {
  const t = useT();
  const figures = useQuery({
    queryKey: ['course-figures'],
    queryFn: fetchCourseFigures,
    retry: false,
  });
  const span = useQuery({
    queryKey: ['course-span'],
    queryFn: fetchCourseSpanRows,
    retry: false,
  });
  if (!figures.data || figures.data.lessons === 0) return null;
  return (
    <>
      <p className="muted" data-testid="course-figures">
        {t('landing.features.words.available', {
          lessons: figures.data.lessons,
          words: figures.data.words,
        })}
      </p>
      {span.data && <CourseSpanText lessons={span.data} testId="course-span" />}
    </>
  );
}

/** Up to 6 published lessons; hidden entirely when none come back or the load fails. */
function LessonsPreview() {
  const t = useT();
  const lessons = useQuery({
    queryKey: ['lessons', 'preview'],
    queryFn: fetchPreviewLessons,
    retry: false,
  });
  if (lessons.isPending) {
    return (
      <section id="lessons" className="section" aria-busy="true">
        <p role="status">{t('landing.lessons.loading')}</p>
      </section>
    );
  }
  if (lessons.isError || lessons.data.length === 0) return null;
  return (
    <section id="lessons" className="section" aria-labelledby="lessons-title">
      <h2 id="lessons-title">{t('landing.lessons.title')}</h2>
      <ul className="lesson-grid">
        {lessons.data.map((lesson) => (
          <li key={lesson.id}>
            <LessonCard lesson={lesson} t={t} />
          </li>
        ))}
      </ul>
      <div className="center">
        <ButtonLink to="/dashboard" variant="secondary">
          {t('landing.hero.viewAllLessons')}
        </ButtonLink>
      </div>
    </section>
  );
}

function LessonCard({ lesson, t }: { lesson: LessonSummary; t: Translate }) {
  const navigate = useNavigate();
  const format = useFormat();
  const { language } = useMeaningLanguage();
  const description = lessonDescription(lesson, language);
  const to = `/lesson/${lesson.id}`;
  return (
    <article className="card lesson-card">
      {lesson.level && (
        <span className={`badge level-${lesson.level.toLowerCase()}`}>
          {format.level(lesson.level)}
        </span>
      )}
      <h3>
        <Link to={to} className="card-link">
          <MeaningText meaning={lessonTitle(lesson, language)} learnerLanguage={language} />
        </Link>
      </h3>
      {description && (
        <p className="clamp-2">
          <MeaningText meaning={description} learnerLanguage={language} />
        </p>
      )}
      {lesson.duration ? (
        <p className="muted">
          {t('landing.lessons.durationMinutes', {
            n: format.number(Math.max(1, Math.round(lesson.duration / 60))),
          })}
        </p>
      ) : null}
      <Button variant="secondary" onClick={() => void navigate(to)}>
        {t('landing.lessons.startLesson')}
      </Button>
    </article>
  );
}
