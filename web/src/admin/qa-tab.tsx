import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  filterQaLessons,
  formatClock,
  qaCounts,
  qaLessonTitle,
  type QaFilter,
} from '@magyarul/core/lessons';
import { Button, ButtonLink } from '../components/button.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { setPublished } from './api.ts';
import { label } from './labels.ts';
import { useAdminLessons } from './lessons-tab.tsx';
import { shortDate, StatCard, useStoredState } from './shared.tsx';

export const QA_FILTER_KEY = 'magyarul.admin.qaFilter';
const FILTERS: readonly QaFilter[] = ['all', 'draft', 'published', 'recent'];

export function QaTab() {
  const t = useT();
  const queryClient = useQueryClient();
  const lessons = useAdminLessons();
  const [filter, setFilter] = useStoredState<QaFilter>(QA_FILTER_KEY, 'all', FILTERS);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const all = lessons.data ?? [];
  const counts = qaCounts(all);
  const rows = filterQaLessons(all, filter, new Date());
  const filterLabel: Record<QaFilter, string> = {
    all: t('qa.filter.all'),
    draft: t('qa.filter.draft'),
    published: t('qa.filter.published'),
    recent: t('qa.filter.recent'),
  };

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const approve = async () => {
    const ids = [...selected];
    try {
      await setPublished(ids, true);
      notify.success(t('qa.approved', { n: ids.length }));
      setSelected(new Set());
    } catch {
      notify.error(t('qa.approveFailed'));
    }
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
  };

  return (
    <section className="stack" aria-label={t('admin.tab.qa')}>
      <div className="admin-stats">
        <StatCard title={t('qa.draftLessons')} value={counts.drafts} />
        <StatCard title={t('qa.published')} value={counts.published} />
      </div>
      <div className="admin-filters" role="group" aria-label={label('qaFilters')}>
        {FILTERS.map((f) => (
          <Button
            key={f}
            variant={f === filter ? 'primary' : 'ghost'}
            aria-pressed={f === filter}
            onClick={() => setFilter(f)}
          >
            {filterLabel[f]}
          </Button>
        ))}
      </div>
      {selected.size > 0 && (
        <div
          className="admin-selection card"
          role="region"
          aria-label={t('qa.selected', { n: selected.size })}
        >
          <span>{t('qa.selected', { n: selected.size })}</span>
          <Button onClick={() => void approve()}>{t('qa.approveSelected')}</Button>
          <Button variant="ghost" onClick={() => setSelected(new Set())}>
            {t('qa.clearSelection')}
          </Button>
        </div>
      )}
      {lessons.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : rows.length === 0 ? (
        <p className="muted">{t('qa.empty')}</p>
      ) : (
        <ul className="admin-qa-list">
          {rows.map((lesson) => {
            const title = qaLessonTitle(lesson);
            return (
              <li key={lesson.id} className="card admin-qa-row">
                <input
                  type="checkbox"
                  aria-label={label('selectQaLesson', { title })}
                  checked={selected.has(lesson.id)}
                  onChange={() => toggle(lesson.id)}
                />
                <div className="admin-qa-main">
                  <h3>{title}</h3>
                  <p className="small muted">
                    <span className={lesson.is_published ? 'badge good' : 'badge'}>
                      {lesson.is_published
                        ? t('lesson.status.published')
                        : t('lesson.status.draft')}
                    </span>{' '}
                    {label('created')}: {shortDate(lesson.created_at)} · {label('updated')}:{' '}
                    {shortDate(lesson.updated_at)} · {formatClock(lesson.duration ?? 0)}
                  </p>
                </div>
                <ButtonLink
                  to={`/admin/review/${lesson.id}`}
                  variant="secondary"
                  aria-label={`${t('qa.review')} ${title}`}
                >
                  {t('qa.review')}
                </ButtonLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
