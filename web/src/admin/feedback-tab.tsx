import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { feedbackExportFileName, feedbackToCsv } from '@magyarul/core/csv';
import { Button } from '../components/button.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import {
  fetchFeedback,
  updateFeedbackStatus,
  type FeedbackRow,
  type FeedbackStatus,
} from './api.ts';
import { label, type LabelKey } from './labels.ts';
import { downloadBlob, shortDate, StatCard } from './shared.tsx';

type Filter = 'all' | 'new' | 'reviewing' | 'bug' | 'feature';
const FILTERS: readonly Filter[] = ['all', 'new', 'reviewing', 'bug', 'feature'];
const STATUSES: readonly FeedbackStatus[] = ['new', 'reviewing', 'resolved', 'closed'];
const TYPE_LABEL: Record<string, LabelKey> = {
  bug: 'typeBug',
  feature: 'typeFeature',
  content: 'typeContent',
  general: 'typeGeneral',
  others: 'typeOthers',
};

function matches(row: FeedbackRow, filter: Filter): boolean {
  if (filter === 'all') return true;
  if (filter === 'new' || filter === 'reviewing') return row.status === filter;
  return row.feedback_type === filter;
}

function pagePath(url: string | null): string {
  if (!url) return '';
  try {
    return new URL(url, window.location.origin).pathname;
  } catch {
    return url;
  }
}

export function FeedbackTab() {
  const t = useT();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('all');
  const query = useQuery({
    queryKey: ['admin', 'feedback'],
    queryFn: async () => {
      try {
        return await fetchFeedback();
      } catch (error) {
        notify.error(t('adminFeedback.loadFailed'));
        throw error;
      }
    },
  });
  const all = query.data ?? [];
  const rows = all.filter((r) => matches(r, filter));
  const filterLabel: Record<Filter, string> = {
    all: t('adminFeedback.filter.all'),
    new: t('adminFeedback.filter.new'),
    reviewing: t('adminFeedback.filter.inReview'),
    bug: t('adminFeedback.filter.bugs'),
    feature: t('adminFeedback.filter.features'),
  };
  const statusLabel: Record<FeedbackStatus, string> = {
    new: t('adminFeedback.status.new'),
    reviewing: t('adminFeedback.status.reviewing'),
    resolved: t('adminFeedback.status.resolved'),
    closed: t('adminFeedback.status.closed'),
  };

  const changeStatus = async (id: string, status: FeedbackStatus) => {
    try {
      await updateFeedbackStatus(id, status);
      notify.success(t('adminFeedback.statusUpdated'));
    } catch {
      notify.error(t('adminFeedback.statusFailed'));
    }
    await queryClient.invalidateQueries({ queryKey: ['admin', 'feedback'] });
  };

  const exportCsv = () => {
    const csv = feedbackToCsv(all);
    downloadBlob(csv, feedbackExportFileName(new Date()), 'text/csv;charset=utf-8');
    notify.success(t('adminFeedback.exported'));
  };

  return (
    <section className="stack" aria-labelledby="feedback-heading">
      <div className="admin-toolbar">
        <h2 id="feedback-heading">{t('adminFeedback.title')}</h2>
        <Button variant="secondary" onClick={exportCsv}>
          {t('adminFeedback.exportCsv')}
        </Button>
      </div>
      <div className="admin-stats">
        <StatCard title={t('adminFeedback.stat.total')} value={all.length} />
        <StatCard
          title={t('adminFeedback.stat.new')}
          value={all.filter((r) => r.status === 'new').length}
        />
        <StatCard
          title={t('adminFeedback.stat.bugs')}
          value={all.filter((r) => r.feedback_type === 'bug').length}
        />
        <StatCard
          title={t('adminFeedback.stat.features')}
          value={all.filter((r) => r.feedback_type === 'feature').length}
        />
      </div>
      <div className="admin-filters" role="group" aria-label={label('feedbackFilters')}>
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
      {query.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : rows.length === 0 ? (
        <p className="muted">{t('adminFeedback.empty')}</p>
      ) : (
        <ul className="admin-feedback-list">
          {rows.map((row) => (
            <li key={row.id} className="card admin-feedback-item">
              <p className="small">
                <span className={`badge feedback-type-${row.feedback_type}`}>
                  {label(TYPE_LABEL[row.feedback_type] ?? 'typeOthers')}
                </span>{' '}
                <span className={`badge feedback-status-${row.status}`}>
                  {statusLabel[row.status as FeedbackStatus] ?? row.status}
                </span>{' '}
                <span className="muted">{shortDate(row.created_at)}</span>
              </p>
              <h3>{row.title}</h3>
              <p>{row.description}</p>
              {row.page_url && <p className="small muted">{pagePath(row.page_url)}</p>}
              <select
                aria-label={label('feedbackStatus', { title: row.title })}
                value={row.status}
                onChange={(e) => void changeStatus(row.id, e.target.value as FeedbackStatus)}
              >
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel[s]}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
