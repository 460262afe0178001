import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
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

/**
 * An admin table in its scrolling wrapper: one column heading per entry of `columns`. A table
 * wider than the screen scrolls inside the wrapper, never the page; the wrapper is then a
 * region ("Lessons table") in the tab order, so the keyboard can scroll it too.
 */
export function AdminTable({
  className = 'admin-table',
  label,
  columns,
  children,
}: {
  className?: string;
  /** What the table lists ("Lessons"): its scrolling region is called "Lessons table". */
  label: string;
  columns: readonly ReactNode[];
  children: ReactNode;
}) {
  const t = useT();
  const wrap = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsSideways(wrap);
  return (
    <div
      ref={wrap}
      className="admin-table-wrap"
      role="region"
      aria-label={t('adminUi.tableRegion', { name: label })}
      tabIndex={scrolls ? 0 : undefined}
    >
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

/** Whether the element's content is wider than the element (kept up to date as both resize). */
function useOverflowsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
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
