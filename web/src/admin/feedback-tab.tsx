import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedbackExportFileName, feedbackToCsv } from '@magyarul/core/csv';
import { FEEDBACK_STATUSES } from '@magyarul/core/enums';
import { Button } from '../components/button.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import type { TextKey } from '../lib/i18n/catalogue.ts';
import { notify } from '../lib/toast.ts';
import {
  ADMIN_PAGE_SIZE,
  fetchAllFeedback,
  fetchFeedbackPage,
  fetchFeedbackStats,
  updateFeedbackStatus,
  type FeedbackFilter,
  type FeedbackStatus,
} from './api.ts';
import { downloadBlob, Pager, shortDate, StatCard } from './shared.tsx';

// The inbox may hold far more rows than one response carries (1,000 on hosted PostgREST): the
// stat cards are counted in SQL, each filter is applied on the server and read a page at a
// time, and the export reads every row in pages.

const FILTERS: readonly FeedbackFilter[] = ['all', 'new', 'reviewing', 'bug', 'feature'];
const STATUSES: readonly FeedbackStatus[] = FEEDBACK_STATUSES;
const TYPE_LABEL: Record<string, TextKey> = {
  bug: 'adminUi.typeBug',
  feature: 'adminUi.typeFeature',
  content: 'adminUi.typeContent',
  general: 'adminUi.typeGeneral',
  others: 'adminUi.typeOthers',
};

function pagePath(url: string | null): string {
  if (!url) return '';
  try {
    return new URL(url, window.location.origin).pathname;
  } catch {
    return url;
  }
}

/**
 * The status of one item as four radio buttons side by side (one click, every choice in
 * view, arrow keys between them) instead of a small native dropdown.
 */
function StatusControl({
  title,
  value,
  labels,
  busy,
  onChange,
}: {
  title: string;
  value: FeedbackStatus;
  labels: Record<FeedbackStatus, string>;
  busy: boolean;
  onChange: (status: FeedbackStatus) => Promise<boolean>;
}) {
  const t = useT();
  const name = useId();
  // The choice shows at once; a failed update puts back what is stored.
  const [shown, setShown] = useState(value);
  useEffect(() => setShown(value), [value]);
  return (
    // Named by aria-label, not a legend: the item's title is on screen once, in its heading.
    <fieldset
      className="admin-segmented"
      disabled={busy}
      aria-label={t('adminUi.feedbackStatus', { title })}
    >
      {STATUSES.map((status) => (
        <label key={status} className={status === shown ? 'active' : undefined}>
          <input
            type="radio"
            name={name}
            value={status}
            checked={status === shown}
            onChange={() => {
              setShown(status);
              void onChange(status).then((ok) => ok || setShown(value));
            }}
          />
          {labels[status]}
        </label>
      ))}
    </fieldset>
  );
}

export function FeedbackTab() {
  const t = useT();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<FeedbackFilter>('all');
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState(false);
  const failed = (error: unknown): never => {
    notify.error(t('adminFeedback.loadFailed'));
    throw error;
  };
  const stats = useQuery({
    queryKey: ['admin', 'feedback', 'stats'],
    queryFn: () => fetchFeedbackStats().catch(failed),
  });
  const list = useQuery({
    queryKey: ['admin', 'feedback', 'page', filter, page],
    queryFn: () => fetchFeedbackPage(filter, page).catch(failed),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  // A status change can empty the last page of a filter: show the last page that has rows.
  useEffect(() => {
    if (list.data && list.data.rows.length === 0 && page > 0) {
      setPage(Math.max(0, Math.ceil(list.data.total / ADMIN_PAGE_SIZE) - 1));
    }
  }, [list.data, page]);
  const filterLabel: Record<FeedbackFilter, string> = {
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

  const [changing, setChanging] = useState<string | null>(null);
  const changeStatus = async (id: string, status: FeedbackStatus): Promise<boolean> => {
    setChanging(id);
    let ok = true;
    try {
      await updateFeedbackStatus(id, status);
      notify.success(t('adminFeedback.statusUpdated'));
    } catch {
      ok = false;
      notify.error(t('adminFeedback.statusFailed'));
    }
    await queryClient.invalidateQueries({ queryKey: ['admin', 'feedback'] });
    setChanging(null);
    return ok;
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = feedbackToCsv(await fetchAllFeedback());
      downloadBlob(csv, feedbackExportFileName(new Date()), 'text/csv;charset=utf-8');
      notify.success(t('adminFeedback.exported'));
    } catch (error) {
      console.error('Feedback export failed', error);
      notify.error(t('adminFeedback.loadFailed'));
    } finally {
      setExporting(false);
    }
  };

  const choose = (next: FeedbackFilter) => {
    setFilter(next);
    setPage(0);
  };

  return (
    <section className="stack" aria-labelledby="feedback-heading">
      <div className="admin-toolbar">
        <h2 id="feedback-heading">{t('adminFeedback.title')}</h2>
        <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? t('adminFeedback.exporting') : t('adminFeedback.exportCsv')}
        </Button>
      </div>
      <div className="admin-stats">
        <StatCard title={t('adminFeedback.stat.total')} value={stats.data?.all ?? 0} />
        <StatCard title={t('adminFeedback.stat.new')} value={stats.data?.new ?? 0} />
        <StatCard title={t('adminFeedback.stat.bugs')} value={stats.data?.bug ?? 0} />
        <StatCard title={t('adminFeedback.stat.features')} value={stats.data?.feature ?? 0} />
      </div>
      <div className="admin-filters" role="group" aria-label={t('adminUi.feedbackFilters')}>
        {FILTERS.map((f) => (
          <Button
            key={f}
            variant={f === filter ? 'primary' : 'ghost'}
            aria-pressed={f === filter}
            onClick={() => choose(f)}
          >
            {filterLabel[f]}
          </Button>
        ))}
      </div>
      {list.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : rows.length === 0 ? (
        <p className="muted">{t('adminFeedback.empty')}</p>
      ) : (
        <>
          <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={total} onPage={setPage} />
          <ul className="admin-feedback-list">
            {rows.map((row) => (
              <li key={row.id} className="card admin-feedback-item">
                <p className="small">
                  <span className={`badge feedback-type-${row.feedback_type}`}>
                    {t(TYPE_LABEL[row.feedback_type] ?? 'adminUi.typeOthers')}
                  </span>{' '}
                  <span className={`badge feedback-status-${row.status}`}>
                    {statusLabel[row.status as FeedbackStatus] ?? row.status}
                  </span>{' '}
                  <span className="muted">{shortDate(row.created_at)}</span>
                </p>
                <h3>{row.title}</h3>
                <p>{row.description}</p>
                {row.page_url && <p className="small muted">{pagePath(row.page_url)}</p>}
                <StatusControl
                  title={row.title}
                  value={row.status as FeedbackStatus}
                  labels={statusLabel}
                  busy={changing === row.id}
                  onChange={(status) => changeStatus(row.id, status)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
