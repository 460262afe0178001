import { useQuery } from '@tanstack/react-query';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { fetchAnalytics } from './api.ts';

type Bar = { key: string; name: string; value: number; text: string };

/** A horizontal bar chart as a list: every figure is written out next to its bar. */
function BarChart({ title, bars, max }: { title: string; bars: Bar[]; max: number }) {
  const t = useT();
  return (
    <figure className="card admin-chart">
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      {bars.length === 0 ? (
        <p className="muted">{t('adminUi.noData')}</p>
      ) : (
        <ul className="admin-bars" aria-label={title}>
          {bars.map((bar) => (
            <li key={bar.key} className="admin-bar-row">
              <span className="admin-bar-name">{bar.name}</span>
              <span className="admin-bar-track" aria-hidden="true">
                <span
                  className="admin-bar-fill"
                  style={{ width: `${max > 0 ? Math.round((bar.value / max) * 100) : 0}%` }}
                />
              </span>
              <span className="admin-bar-value">{bar.text}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

export function AnalyticsTab() {
  const t = useT();
  const query = useQuery({ queryKey: ['admin', 'analytics'], queryFn: fetchAnalytics });
  if (query.isPending) return <Spinner label={t('app.loading')} />;
  if (query.isError) return <p role="alert">{t('adminUi.noData')}</p>;
  const { daily, completion, words } = query.data;
  const dailyBars = daily.map((d) => ({
    key: d.day ?? '',
    name: d.day ?? '',
    value: d.learners ?? 0,
    text: t('adminUi.learnersCount', { n: d.learners ?? 0 }),
  }));
  const completionBars = completion.map((c) => ({
    key: c.lesson_id ?? '',
    name:
      c.lesson_number === null
        ? (c.title ?? '')
        : t('qa.lessonPrefix', { number: c.lesson_number, title: c.title ?? '' }),
    value: c.completion_rate ?? 0,
    text: t('adminUi.completionValue', {
      rate: Math.round(c.completion_rate ?? 0),
      completed: c.learners_completed ?? 0,
      started: c.learners_started ?? 0,
    }),
  }));
  const wordBars = words.map((w) => ({
    key: w.vocabulary_id ?? '',
    name: `${w.word_hu ?? ''} (${w.word_en ?? ''})`,
    value: w.accuracy ?? 0,
    text: t('adminUi.accuracyValue', {
      accuracy: Math.round(w.accuracy ?? 0),
      correct: w.times_correct ?? 0,
      seen: w.times_seen ?? 0,
    }),
  }));
  return (
    <section className="stack" aria-labelledby="analytics-heading">
      <h2 id="analytics-heading">{t('admin.tab.analytics')}</h2>
      <BarChart
        title={t('adminUi.dailyActive')}
        bars={dailyBars}
        max={Math.max(1, ...dailyBars.map((b) => b.value))}
      />
      <BarChart title={t('adminUi.completionPerLesson')} bars={completionBars} max={100} />
      <BarChart title={t('adminUi.wordAccuracy')} bars={wordBars} max={100} />
    </section>
  );
}
