import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  completenessFromCounts,
  incompleteLanguages,
  qaLessonTitle,
  type LanguageCompleteness,
  type TranslationLanguage,
} from '@magyarul/core/lessons';
import { useT } from '../lib/i18n/i18n.tsx';
import { fetchTranslationStatus, type AdminLesson, type TranslationStatusRow } from './api.ts';

export const TRANSLATION_STATUS_KEY = ['admin', 'translation-status'] as const;

function statusByLesson(
  rows: readonly TranslationStatusRow[],
): Map<string, LanguageCompleteness[]> {
  return new Map(
    rows
      .filter((r): r is TranslationStatusRow & { lesson_id: string } => r.lesson_id !== null)
      .map((r) => [r.lesson_id, completenessFromCounts(r)]),
  );
}

/**
 * Each lesson's translation completeness, and the check before approving: lessons missing a
 * language are named (read afresh) and the admin must confirm.
 */
export function useTranslationStatus(lessons: readonly AdminLesson[]) {
  const t = useT();
  const queryClient = useQueryClient();
  const translationStatus = useQuery({
    queryKey: TRANSLATION_STATUS_KEY,
    queryFn: fetchTranslationStatus,
  });
  const status = statusByLesson(translationStatus.data ?? []);
  const languageNames = (languages: readonly TranslationLanguage[]) =>
    languages.map((l) => t(`translations.language.${l}`)).join(', ');

  const confirmTranslations = async (ids: readonly string[]): Promise<boolean> => {
    const rows = await queryClient.fetchQuery({
      queryKey: TRANSLATION_STATUS_KEY,
      queryFn: fetchTranslationStatus,
    });
    const current = statusByLesson(rows);
    const lines = lessons
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
  return { status, confirmTranslations };
}

/** Which languages of a lesson are complete: EN ✓ DE – ES ✓, each with its full meaning. */
export function LanguageBadges({ status }: { status: readonly LanguageCompleteness[] }) {
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
