import { useDeferredValue, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { shortUserId } from '@magyarul/core/lessons';
import { useT } from '../lib/i18n/i18n.tsx';
import { ADMIN_PAGE_SIZE, fetchUserProgressPage, fetchUserTotals } from './api.ts';
import { AdminTable, Listing } from './admin-table.tsx';
import { failWith, Pager, shortDate, StatCard } from './shared.tsx';

// Learners are listed a page at a time and searched in SQL (admin_user_progress(_search)): one
// response carries at most 1,000 rows on hosted PostgREST, and a search must reach them all.

export function UsersTab() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const needle = useDeferredValue(search.trim());
  const failed = failWith(t('users.loadFailed'));
  const totals = useQuery({
    queryKey: ['admin', 'users', 'totals'],
    queryFn: () => fetchUserTotals().catch(failed),
  });
  const list = useQuery({
    queryKey: ['admin', 'users', 'page', needle, page],
    queryFn: () => fetchUserProgressPage(needle, page).catch(failed),
    placeholderData: keepPreviousData,
  });
  const users = list.data?.users ?? [];
  const stats = totals.data;
  return (
    <section className="stack" aria-labelledby="users-heading">
      <h2 id="users-heading">{t('users.title')}</h2>
      <div className="admin-stats">
        <StatCard title={t('users.stat.total')} value={stats?.total_users ?? 0} />
        <StatCard title={t('users.stat.active')} value={stats?.active_users_7d ?? 0} />
        <StatCard
          title={t('users.stat.avgCompletion')}
          value={`${Math.round(stats?.avg_completion ?? 0)}%`}
        />
        <StatCard
          title={t('users.stat.avgAccuracy')}
          value={`${Math.round(stats?.avg_accuracy ?? 0)}%`}
        />
      </div>
      <input
        type="search"
        className="admin-search"
        aria-label={t('users.search')}
        placeholder={t('users.search')}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(0);
        }}
      />
      <Listing pending={list.isPending} empty={users.length === 0 ? t('users.empty') : null}>
        <Pager
          page={page}
          pageSize={ADMIN_PAGE_SIZE}
          total={list.data?.total ?? 0}
          onPage={setPage}
        />
        <AdminTable
          label={t('admin.tab.users')}
          columns={[
            t('users.col.userId'),
            t('users.col.lessonsCompleted'),
            t('users.col.wordsReviewed'),
            t('users.col.avgAccuracy'),
            t('users.col.lastActivity'),
          ]}
        >
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
        </AdminTable>
      </Listing>
    </section>
  );
}
