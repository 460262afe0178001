import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  completenessFromCounts,
  filterQaLessons,
  formatClock,
  incompleteLanguages,
  qaCounts,
  qaLessonTitle,
  type LanguageCompleteness,
  type QaFilter,
  type TranslationLanguage,
} from '@magyarul/core/lessons';
import { Button, ButtonLink } from '../components/button.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { approveDrafts, fetchTranslationStatus, type TranslationStatusRow } from './api.ts';
import { useAdminLessons } from './lessons-tab.tsx';
import { shortDate, StatCard, useStoredState } from './shared.tsx';

export const QA_FILTER_KEY = 'magyarul.admin.qaFilter';
const FILTERS: readonly QaFilter[] = ['all', 'draft', 'published', 'recent'];

const TRANSLATION_STATUS_KEY = ['admin', 'translation-status'] as const;

function statusByLesson(
  rows: readonly TranslationStatusRow[],
): Map<string, LanguageCompleteness[]> {
  return new Map(
    rows
      .filter((r): r is TranslationStatusRow & { lesson_id: string } => r.lesson_id !== null)
      .map((r) => [r.lesson_id, completenessFromCounts(r)]),
  );
}

/** Which languages of a lesson are complete: EN ✓ DE – ES ✓, each with its full meaning. */
function LanguageBadges({ status }: { status: readonly LanguageCompleteness[] }) {
  const t = useT();
  return (
    <ul className="admin-languages" aria-label={t('translations.title')}>
      {status.map((s) => {
        const language = t(`translations.language.${s.language}`);
        const text = s.complete
          ? t('translations.complete', { language })
          : t('translations.incomplete', {
              language,
              words: s.missingWords,
              lines: s.missingLines,
            });
        return (
          <li key={s.language} className={s.complete ? 'badge good' : 'badge warn'} title={text}>
            <span aria-hidden="true">
              {s.language.toUpperCase()} {s.complete ? '✓' : '–'}
            </span>
            <span className="visually-hidden">{text}</span>
          </li>
        );
      })}
    </ul>
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

  const selectedText =
    selected.size === 1 ? t('qa.selectedOne') : t('qa.selected', { n: selected.size });
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const translationStatus = useQuery({
    queryKey: TRANSLATION_STATUS_KEY,
    queryFn: fetchTranslationStatus,
  });
  const status = statusByLesson(translationStatus.data ?? []);
  const languageNames = (languages: readonly TranslationLanguage[]) =>
    languages.map((l) => t(`translations.language.${l}`)).join(', ');

  // Approving publishes: lessons missing a language are named and the admin must confirm.
  const confirmTranslations = async (ids: readonly string[]): Promise<boolean> => {
    const rows = await queryClient.fetchQuery({
      queryKey: TRANSLATION_STATUS_KEY,
      queryFn: fetchTranslationStatus,
    });
    const current = statusByLesson(rows);
    const lines = all
      .filter((lesson) => ids.includes(lesson.id))
      .map((lesson) => ({ lesson, missing: incompleteLanguages(current.get(lesson.id) ?? []) }))
      .filter(({ missing }) => missing.length > 0)
      .map(({ lesson, missing }) =>
        t('translations.approveWarningLine', {
          lesson: qaLessonTitle(lesson),
          languages: languageNames(missing),
        }),
      );
    return (
      lines.length === 0 ||
      window.confirm(t('translations.approveWarning', { list: lines.join('\n') }))
    );
  };

  // Approve acts on drafts only: a published lesson in the selection is left as it is and not
  // counted; the count is what the database reports as changed.
  const selectedDrafts = all.filter((lesson) => selected.has(lesson.id) && !lesson.is_published);
  const approve = async () => {
    const ids = selectedDrafts.map((lesson) => lesson.id);
    if (ids.length === 0) return;
    try {
      if (!(await confirmTranslations(ids))) return;
      const approved = await approveDrafts(ids);
      notify.success(approved === 1 ? t('qa.approvedOne') : t('qa.approved', { n: approved }));
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
      <div className="admin-filters" role="group" aria-label={t('adminUi.qaFilters')}>
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
        <div className="admin-selection card" role="region" aria-label={selectedText}>
          <span>{selectedText}</span>
          <Button disabled={selectedDrafts.length === 0} onClick={() => void approve()}>
            {t('qa.approveSelected')}
          </Button>
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
        <div className="admin-table-wrap">
          <table className="admin-table admin-qa-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('adminUi.select')}</span>
                </th>
                <th scope="col">{t('adminUi.title')}</th>
                <th scope="col">{t('adminUi.status')}</th>
                <th scope="col">{t('adminUi.created')}</th>
                <th scope="col">{t('adminUi.updated')}</th>
                <th scope="col">{t('adminUi.duration')}</th>
                <th scope="col">{t('translations.title')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('adminUi.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((lesson) => {
                const title = qaLessonTitle(lesson);
                return (
                  <tr key={lesson.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t('adminUi.selectQaLesson', { title })}
                        checked={selected.has(lesson.id)}
                        onChange={() => toggle(lesson.id)}
                      />
                    </td>
                    <th scope="row" className="admin-qa-title">
                      {title}
                    </th>
                    <td>
                      <span className={lesson.is_published ? 'badge good' : 'badge'}>
                        {lesson.is_published
                          ? t('lesson.status.published')
                          : t('lesson.status.draft')}
                      </span>
                    </td>
                    <td className="small">{shortDate(lesson.created_at)}</td>
                    <td className="small">{shortDate(lesson.updated_at)}</td>
                    <td className="small">{formatClock(lesson.duration ?? 0)}</td>
                    <td>
                      {status.has(lesson.id) && (
                        <LanguageBadges status={status.get(lesson.id) ?? []} />
                      )}
                    </td>
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
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
