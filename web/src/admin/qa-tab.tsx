import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  filterQaLessons,
  formatClock,
  qaCounts,
  qaLessonTitle,
  type LanguageCompleteness,
  type QaFilter,
} from '@magyarul/core/lessons';
import { Button, ButtonLink } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { approveDrafts, type AdminLesson } from './api.ts';
import { useAdminLessons } from './lessons-tab.tsx';
import { LanguageBadges, useTranslationStatus } from './qa-translations.tsx';
import { AdminTable, Listing } from './admin-table.tsx';
import { ChoiceButtons, PublishedBadge, shortDate, StatCard, useStoredState } from './shared.tsx';

export const QA_FILTER_KEY = 'magyarul.admin.qaFilter';
const FILTERS: readonly QaFilter[] = ['all', 'draft', 'published', 'recent'];

function QaRow({
  lesson,
  status,
  selected,
  onToggle,
}: {
  lesson: AdminLesson;
  status: readonly LanguageCompleteness[] | undefined;
  selected: boolean;
  onToggle: () => void;
}) {
  const t = useT();
  const title = qaLessonTitle(lesson);
  return (
    <tr>
      <td>
        <input
          type="checkbox"
          aria-label={t('adminUi.selectQaLesson', { title })}
          checked={selected}
          onChange={onToggle}
        />
      </td>
      <th scope="row" className="admin-qa-title">
        {title}
      </th>
      <td>
        <PublishedBadge published={lesson.is_published} />
      </td>
      <td className="small">{shortDate(lesson.created_at)}</td>
      <td className="small">{shortDate(lesson.updated_at)}</td>
      <td className="small">{formatClock(lesson.duration ?? 0)}</td>
      <td>{status && <LanguageBadges status={status} />}</td>
      <td>
        <ButtonLink
          to={`/admin/review/${lesson.id}`}
          variant="secondary"
          aria-label={`${t('qa.review')} ${title}`}
        >
          {t('qa.review')}
        </ButtonLink>
      </td>
    </tr>
  );
}

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
  const { status, confirmTranslations } = useTranslationStatus(all);

  const selectedText = t('qa.selected', { n: selected.size });
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  // Approve acts on drafts only: a published lesson in the selection is left as it is and not
  // counted; the count is what the database reports as changed. Approving publishes, so lessons
  // missing a language are named first (null: the admin declined, nothing was written).
  const selectedDrafts = all.filter((lesson) => selected.has(lesson.id) && !lesson.is_published);
  const approval = useMutation({
    mutationFn: async (ids: readonly string[]) =>
      (await confirmTranslations(ids)) ? approveDrafts(ids) : null,
    onSuccess: (approved) => {
      if (approved === null) return;
      notify.success(t('qa.approved', { n: approved }));
      setSelected(new Set());
    },
    onError: () => notify.error(t('qa.approveFailed')),
    onSettled: (approved) =>
      approved === null ? undefined : queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
  const approve = () => {
    const ids = selectedDrafts.map((lesson) => lesson.id);
    if (ids.length > 0) approval.mutate(ids);
  };

  return (
    <section className="stack" aria-label={t('admin.tab.qa')}>
      <div className="admin-stats">
        <StatCard title={t('qa.draftLessons')} value={counts.drafts} />
        <StatCard title={t('qa.published')} value={counts.published} />
      </div>
      <ChoiceButtons
        label={t('adminUi.qaFilters')}
        labels={filterLabel}
        value={filter}
        onChoose={setFilter}
      />
      {selected.size > 0 && (
        <div className="admin-selection card" role="region" aria-label={selectedText}>
          <span>{selectedText}</span>
          <Button disabled={selectedDrafts.length === 0} onClick={approve}>
            {t('qa.approveSelected')}
          </Button>
          <Button variant="ghost" onClick={() => setSelected(new Set())}>
            {t('qa.clearSelection')}
          </Button>
        </div>
      )}
      <Listing pending={lessons.isPending} empty={rows.length === 0 ? t('qa.empty') : null}>
        <AdminTable
          className="admin-table admin-qa-table"
          label={t('admin.tab.qa')}
          columns={[
            <span className="visually-hidden">{t('adminUi.select')}</span>,
            t('adminUi.title'),
            t('adminUi.status'),
            t('adminUi.created'),
            t('adminUi.updated'),
            t('adminUi.duration'),
            t('translations.title'),
            <span className="visually-hidden">{t('adminUi.actions')}</span>,
          ]}
        >
          {rows.map((lesson) => (
            <QaRow
              key={lesson.id}
              lesson={lesson}
              status={status.get(lesson.id)}
              selected={selected.has(lesson.id)}
              onToggle={() => toggle(lesson.id)}
            />
          ))}
        </AdminTable>
      </Listing>
    </section>
  );
}
