import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { shortUserId } from '@magyarul/core/lessons';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { fetchUserProgress } from './api.ts';
import { shortDate, StatCard } from './shared.tsx';

export function UsersTab() {
  const t = useT();
  const [search, setSearch] = useState('');
  const query = useQuery({
    queryKey: ['admin', 'users'],
    queryFn: async () => {
      try {
        return await fetchUserProgress();
      } catch (error) {
        notify.error(t('users.loadFailed'));
        throw error;
      }
    },
  });
  const users = (query.data?.users ?? []).filter((u) =>
    (u.user_id ?? '').toLowerCase().includes(search.trim().toLowerCase()),
  );
  const totals = query.data?.totals;
  return (
    <section className="stack" aria-labelledby="users-heading">
      <h2 id="users-heading">{t('users.title')}</h2>
      <div className="admin-stats">
        <StatCard title={t('users.stat.total')} value={totals?.total_users ?? 0} />
        <StatCard title={t('users.stat.active')} value={totals?.active_users_7d ?? 0} />
        <StatCard
          title={t('users.stat.avgCompletion')}
          value={`${Math.round(totals?.avg_completion ?? 0)}%`}
        />
        <StatCard
          title={t('users.stat.avgAccuracy')}
          value={`${Math.round(totals?.avg_accuracy ?? 0)}%`}
        />
      </div>
      <input
        type="search"
        className="admin-search"
        aria-label={t('users.search')}
        placeholder={t('users.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : users.length === 0 ? (
        <p className="muted">{t('users.empty')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t('users.col.userId')}</th>
                <th scope="col">{t('users.col.lessonsCompleted')}</th>
                <th scope="col">{t('users.col.wordsReviewed')}</th>
                <th scope="col">{t('users.col.avgAccuracy')}</th>
                <th scope="col">{t('users.col.lastActivity')}</th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.user_id ?? ''}>
                  <td title={u.user_id ?? ''}>
                    <code>{shortUserId(u.user_id ?? '')}</code>
                  </td>
                  <td>{u.lessons_completed ?? 0}</td>
                  <td>{u.words_reviewed ?? 0}</td>
                  <td>{Math.round(u.avg_accuracy ?? 0)}%</td>
                  <td>{shortDate(u.last_activity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
