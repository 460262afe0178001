import { memo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchAchievements, type Achievement } from '../lib/day-api.ts';
import { useT } from '../lib/i18n/i18n.tsx';

const KEYS: Readonly<Record<Achievement, `achievement.${Achievement}`>> = {
  first_lesson: 'achievement.first_lesson',
  ten_lessons: 'achievement.ten_lessons',
  streak_7: 'achievement.streak_7',
  words_100: 'achievement.words_100',
};

/** What the learner has earned (issue 29 point 7): granted by the server from recorded data. */
export const AchievementsCard = memo(function AchievementsCard({ userId }: { userId: string }) {
  const t = useT();
  const earned = useQuery({
    queryKey: ['progress', userId, 'achievements'],
    queryFn: () => fetchAchievements(userId),
    staleTime: 0,
  });
  if (!earned.data) return null;
  return (
    <section className="card achievements-card" aria-labelledby="achievements-title">
      <h2 id="achievements-title">{t('achievements.title')}</h2>
      {earned.data.length === 0 ? (
        <p className="muted small">{t('achievements.none')}</p>
      ) : (
        <ul className="achievement-list">
          {earned.data.map((a) => (
            <li key={a} className="achievement">
              <span aria-hidden="true">★ </span>
              {t(KEYS[a])}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
