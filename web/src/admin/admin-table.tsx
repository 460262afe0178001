import type { ReactNode } from 'react';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';

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

/** A German or Spanish meaning of a word, typed in a table cell. */
export function MeaningInput({
  language,
  word,
  value,
  onChange,
}: {
  language: 'de' | 'es';
  word: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const name = t(`translations.language.${language}`);
  return (
    <input
      lang={language}
      aria-label={t('vocabulary.field.meaning', { language: name, word })}
      placeholder={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
