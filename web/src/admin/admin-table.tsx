import type { ReactNode } from 'react';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { EDITOR_DIFFICULTIES, type EditorDifficulty } from './difficulty.ts';

/** A list's spinner while it loads, its message when empty (`empty` not null), else the list. */
export function Listing({
  pending,
  empty,
  children,
}: {
  pending: boolean;
  empty: string | null;
  children: ReactNode;
}) {
  const t = useT();
  if (pending) return <Spinner label={t('app.loading')} />;
  if (empty !== null) return <p className="muted">{empty}</p>;
  return children;
}

/** An admin table in its scrolling wrapper: one column heading per entry of `columns`. */
export function AdminTable({
  className = 'admin-table',
  columns,
  children,
}: {
  className?: string;
  columns: readonly ReactNode[];
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className={className}>
        <thead>
          <tr>
            {columns.map((column, i) => (
              // The columns are fixed for a table: their place is their identity.
              <th scope="col" key={i}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The column headings of a vocabulary table (create preview and review page alike). */
export function useVocabularyColumns(): string[] {
  const t = useT();
  return [
    t('adminUi.hungarian'),
    t('adminUi.english'),
    t('translations.language.de'),
    t('translations.language.es'),
    t('adminUi.difficulty'),
    t('adminUi.audio'),
  ];
}

type Meanings = { readonly word_de: string; readonly word_es: string };

/** A word's German and Spanish meanings, typed in two table cells. */
export function MeaningCells({
  word,
  name,
  onEdit,
}: {
  word: Meanings;
  name: string;
  onEdit: (column: keyof Meanings, value: string) => void;
}) {
  const t = useT();
  return (['de', 'es'] as const).map((language) => {
    const column = language === 'de' ? 'word_de' : 'word_es';
    const label = t(`translations.language.${language}`);
    return (
      <td key={language}>
        <input
          lang={language}
          aria-label={t('vocabulary.field.meaning', { language: label, word: name })}
          placeholder={label}
          value={word[column]}
          onChange={(e) => onEdit(column, e.target.value)}
        />
      </td>
    );
  });
}

/** The difficulty levels a word may have, named in the interface language, for a select. */
export function useDifficultyChoices(): readonly { value: EditorDifficulty; label: string }[] {
  const t = useT();
  return EDITOR_DIFFICULTIES.map((d) => ({ value: d, label: t(`difficulty.${d}`) }));
}

/** The difficulty levels a word may have, as the options of a select. */
export function DifficultyOptions() {
  return useDifficultyChoices().map(({ value, label }) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}
