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
import { fetchTranslationStatus, setPublished, type TranslationStatusRow } from './api.ts';
import { label } from './labels.ts';
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

  const approve = async () => {
    const ids = [...selected];
    try {
      if (!(await confirmTranslations(ids))) return;
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
                  <div className="small muted admin-qa-meta">
                    <p>
                      <span className={lesson.is_published ? 'badge good' : 'badge'}>
                        {lesson.is_published
                          ? t('lesson.status.published')
                          : t('lesson.status.draft')}
                      </span>{' '}
                      {label('created')}: {shortDate(lesson.created_at)} · {label('updated')}:{' '}
                      {shortDate(lesson.updated_at)} · {formatClock(lesson.duration ?? 0)}
                    </p>
                    {status.has(lesson.id) && (
                      <LanguageBadges status={status.get(lesson.id) ?? []} />
                    )}
                  </div>
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
