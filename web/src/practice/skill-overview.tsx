import { memo, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Skill } from '@magyarul/core/enums';
import { useI18n, useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import type { TextKey } from '../lib/i18n/catalogue.ts';
import { ProgressBar } from '../components/progress.tsx';
import { fetchDueForecast, fetchSkillSummary, type ForecastDay } from './practice-api.ts';
import './practice.css';

const SKILL_KEYS: Readonly<Record<Skill, TextKey>> = {
  recognition: 'skills.recognition',
  recall: 'skills.recall',
  listening: 'skills.listening',
  dictation: 'skills.dictation',
  speaking: 'skills.speaking',
};

const LOCALES = { en: 'en-GB', de: 'de-DE', es: 'es-ES' } as const;

/**
 * What the learner can do, per skill: how many words they recognise, can write, understand by
 * ear (and lines they can write down and say), what is due today, and the next 7 days' reviews.
 */
export const SkillOverview = memo(function SkillOverview({ userId }: { userId: string }) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const summary = useQuery({
    queryKey: ['skills', userId, 'summary'],
    queryFn: () => fetchSkillSummary(userId),
  });
  const forecast = useQuery({
    queryKey: ['skills', userId, 'forecast'],
    queryFn: () => fetchDueForecast(userId),
  });
  const dueToday = (summary.data ?? []).reduce((sum, s) => sum + s.dueToday, 0);

  return (
    <section className="card skill-overview" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('skills.title')}</h2>
      <ul className="skill-list">
        {(summary.data ?? []).map((skill) => {
          const label = t(SKILL_KEYS[skill.skill]);
          return (
            <li key={skill.skill} className="skill-row" data-skill={skill.skill}>
              <span>{label}</span>
              <span className="muted small">
                {t('skills.known', {
                  known: format.number(skill.known),
                  items: format.number(skill.items),
                })}
              </span>
              <ProgressBar value={skill.known} max={Math.max(1, skill.items)} label={label} />
            </li>
          );
        })}
      </ul>
      <p className="skills-due">{t('skills.dueToday', { n: format.number(dueToday) })}</p>
      {forecast.data && <Forecast days={forecast.data} />}
    </section>
  );
});

function Forecast({ days }: { days: readonly ForecastDay[] }) {
  const t = useT();
  const format = useFormat();
  const { language } = useI18n();
  const most = Math.max(1, ...days.map((d) => d.due));
  const weekday = new Intl.DateTimeFormat(LOCALES[language], { weekday: 'short', timeZone: 'UTC' });
  return (
    <table className="forecast">
      <caption className="muted small">{t('skills.forecastTitle')}</caption>
      <thead>
        <tr>
          {days.map((day, i) => (
            <th key={day.day} scope="col">
              {i === 0 ? t('skills.today') : weekday.format(new Date(`${day.day}T12:00:00Z`))}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr aria-hidden="true">
          {days.map((day) => (
            <td key={day.day}>
              <div className="forecast-bar">
                <span style={{ height: `${(day.due / most) * 100}%` }} />
              </div>
            </td>
          ))}
        </tr>
        <tr>
          {days.map((day) => (
            <td key={day.day}>{format.number(day.due)}</td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
