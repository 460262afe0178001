import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { feedbackExportFileName, feedbackToCsv } from '@magyarul/core/csv';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
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
import { FeedbackItem } from './feedback-item.tsx';
import { Listing } from './admin-table.tsx';
import { ChoiceButtons, downloadBlob, failWith, Pager, StatCard } from './shared.tsx';

// The inbox may hold far more rows than one response carries (1,000 on hosted PostgREST): the
// stat cards are counted in SQL, each filter is applied on the server and read a page at a
// time, and the export reads every row in pages.

export function FeedbackTab() {
  const t = useT();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<FeedbackFilter>('all');
  const [page, setPage] = useState(0);
  const failed = failWith(t('adminFeedback.loadFailed'));
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
  // A status change can empty the last page of a filter: show the last page that has rows
  // (moved to while rendering, as soon as the empty page is read).
  if (list.data && list.data.rows.length === 0 && page > 0) {
    const last = Math.max(0, Math.ceil(list.data.total / ADMIN_PAGE_SIZE) - 1);
    if (last !== page) setPage(last);
  }
  const statusLabel: Record<FeedbackStatus, string> = {
    new: t('adminFeedback.status.new'),
    reviewing: t('adminFeedback.status.reviewing'),
    resolved: t('adminFeedback.status.resolved'),
    closed: t('adminFeedback.status.closed'),
  };

  // The item stays disabled until the lists are read again after the change.
  const statusChange = useMutation({
    mutationFn: ({ id, status }: { id: string; status: FeedbackStatus }) =>
      updateFeedbackStatus(id, status),
    onSuccess: () => notify.success(t('adminFeedback.statusUpdated')),
    onError: () => notify.error(t('adminFeedback.statusFailed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'feedback'] }),
  });
  const changeStatus = (id: string, status: FeedbackStatus): Promise<boolean> =>
    statusChange.mutateAsync({ id, status }).then(
      () => true,
      () => false,
    );

  const exportCsv = useMutation({
    mutationFn: async () => {
      const csv = feedbackToCsv(await fetchAllFeedback());
      downloadBlob(csv, feedbackExportFileName(new Date()), 'text/csv;charset=utf-8');
    },
    onSuccess: () => notify.success(t('adminFeedback.exported')),
    onError: (error) => {
      console.error('Feedback export failed', error);
      notify.error(t('adminFeedback.loadFailed'));
    },
  });

  const choose = (next: FeedbackFilter) => {
    setFilter(next);
    setPage(0);
  };

  return (
    <section className="stack" aria-labelledby="feedback-heading">
      <div className="admin-toolbar">
        <h2 id="feedback-heading">{t('adminFeedback.title')}</h2>
        <Button
          variant="secondary"
          onClick={() => exportCsv.mutate()}
          disabled={exportCsv.isPending}
        >
          {exportCsv.isPending ? t('adminFeedback.exporting') : t('adminFeedback.exportCsv')}
        </Button>
      </div>
      <div className="admin-stats">
        <StatCard title={t('adminFeedback.stat.total')} value={stats.data?.all ?? 0} />
        <StatCard title={t('adminFeedback.stat.new')} value={stats.data?.new ?? 0} />
        <StatCard title={t('adminFeedback.stat.bugs')} value={stats.data?.bug ?? 0} />
        <StatCard title={t('adminFeedback.stat.features')} value={stats.data?.feature ?? 0} />
      </div>
      <ChoiceButtons
        label={t('adminUi.feedbackFilters')}
        labels={{
          all: t('adminFeedback.filter.all'),
          new: t('adminFeedback.filter.new'),
          reviewing: t('adminFeedback.filter.inReview'),
          bug: t('adminFeedback.filter.bugs'),
          feature: t('adminFeedback.filter.features'),
        }}
        value={filter}
        onChoose={choose}
      />
      <Listing pending={list.isPending} empty={rows.length === 0 ? t('adminFeedback.empty') : null}>
        <Pager page={page} pageSize={ADMIN_PAGE_SIZE} total={total} onPage={setPage} />
        <ul className="admin-feedback-list">
          {rows.map((row) => (
            <FeedbackItem
              key={row.id}
              row={row}
              statusLabel={statusLabel}
              busy={statusChange.isPending && statusChange.variables.id === row.id}
              onStatus={(status) => changeStatus(row.id, status)}
            />
          ))}
        </ul>
      </Listing>
    </section>
  );
}
