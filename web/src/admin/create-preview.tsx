import type { ReactNode } from 'react';
import {
  LINE_TRANSLATION_COLUMN,
  TRANSLATION_LANGUAGES,
  speakerLabel,
} from '@magyarul/core/lessons';
import type { Level } from '@magyarul/core/enums';
import { useT } from '../lib/i18n/i18n.tsx';
import type { TextKey } from '../lib/i18n/catalogue.ts';
import { AdminTable, MeaningCells, useVocabularyColumns } from './admin-table.tsx';

/** A transcript line of the create dialog, translations as typed ('' for none). */
export type CreateLine = {
  readonly speaker: string;
  readonly line: string;
  readonly translation_en: string;
  readonly translation_de: string;
  readonly translation_es: string;
};

/** A vocabulary row of the create dialog; German and Spanish as typed ('' for none). */
export type CreateWord = {
  readonly id: string;
  readonly word_hu: string;
  readonly word_en: string;
  readonly word_de: string;
  readonly word_es: string;
  readonly difficulty: Level;
};

/** A folding preview table of the create dialog, its row count as the summary. */
function PreviewTable({
  count,
  summaryKey,
  columns,
  children,
}: {
  count: number;
  /** The summary, a counted text of `n` rows. */
  summaryKey: TextKey;
  columns: readonly ReactNode[];
  children: ReactNode;
}) {
  const t = useT();
  const summary = t(summaryKey, { n: count });
  return (
    <details className="admin-preview" open>
      <summary>{summary}</summary>
      <AdminTable className="admin-table admin-preview-table" label={summary} columns={columns}>
        {children}
      </AdminTable>
    </details>
  );
}

/** The transcript as read from the CSV, each line's three translations editable. */
export function TranscriptPreview({
  lines,
  onChange,
}: {
  lines: readonly CreateLine[];
  onChange: (index: number, line: CreateLine) => void;
}) {
  const t = useT();
  return (
    <PreviewTable
      count={lines.length}
      summaryKey="adminUi.transcriptLines"
      columns={[
        t('transcript.col.line'),
        t('transcript.col.speaker'),
        t('transcript.col.text'),
        ...TRANSLATION_LANGUAGES.map((l) => t(`translations.language.${l}`)),
      ]}
    >
      {lines.map((line, index) => (
        // The CSV order is a line's identity until the lesson exists (rows never move here).
        <tr key={index}>
          <td>{index + 1}</td>
          <td>{speakerLabel(line.speaker)}</td>
          <td lang="hu">{line.line}</td>
          {TRANSLATION_LANGUAGES.map((language) => {
            const column = LINE_TRANSLATION_COLUMN[language];
            return (
              <td key={language}>
                <input
                  lang={language}
                  aria-label={t('transcript.field.translation', {
                    language: t(`translations.language.${language}`),
                    n: index + 1,
                  })}
                  placeholder={t(`translations.language.${language}`)}
                  value={line[column]}
                  onChange={(e) => onChange(index, { ...line, [column]: e.target.value })}
                />
              </td>
            );
          })}
        </tr>
      ))}
    </PreviewTable>
  );
}

/**
 * The vocabulary as read from the CSV, German and Spanish meanings editable, with the audio
 * file matched to each word (or "no audio").
 */
export function VocabularyPreview({
  words,
  audioOf,
  onChange,
}: {
  words: readonly CreateWord[];
  audioOf: (word: CreateWord) => string | null;
  onChange: (word: CreateWord) => void;
}) {
  const t = useT();
  const columns = useVocabularyColumns();
  return (
    <PreviewTable count={words.length} summaryKey="adminUi.vocabularyRows" columns={columns}>
      {words.map((word) => (
        <tr key={word.id}>
          <td lang="hu">{word.word_hu}</td>
          <td>{word.word_en}</td>
          <MeaningCells
            word={word}
            name={word.word_hu}
            onEdit={(column, value) => onChange({ ...word, [column]: value })}
          />
          <td>{word.difficulty}</td>
          <td>
            {audioOf(word)?.normalize('NFC') ?? (
              <span className="muted">{t('adminUi.noAudio')}</span>
            )}
          </td>
        </tr>
      ))}
    </PreviewTable>
  );
}
