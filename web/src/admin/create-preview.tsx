import {
  LINE_TRANSLATION_COLUMN,
  TRANSLATION_LANGUAGES,
  speakerLabel,
} from '@magyarul/core/lessons';
import type { Level } from '@magyarul/core/enums';
import { useT } from '../lib/i18n/i18n.tsx';

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
    <details className="admin-preview" open>
      <summary>
        {lines.length === 1
          ? t('adminUi.transcriptLine')
          : t('adminUi.transcriptLines', { n: lines.length })}
      </summary>
      <div className="admin-table-wrap">
        <table className="admin-table admin-preview-table">
          <thead>
            <tr>
              <th scope="col">{t('transcript.col.line')}</th>
              <th scope="col">{t('transcript.col.speaker')}</th>
              <th scope="col">{t('transcript.col.text')}</th>
              {TRANSLATION_LANGUAGES.map((l) => (
                <th scope="col" key={l}>
                  {t(`translations.language.${l}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
    </details>
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
  return (
    <details className="admin-preview" open>
      <summary>
        {words.length === 1
          ? t('adminUi.vocabularyRow')
          : t('adminUi.vocabularyRows', { n: words.length })}
      </summary>
      <div className="admin-table-wrap">
        <table className="admin-table admin-preview-table">
          <thead>
            <tr>
              <th scope="col">{t('adminUi.hungarian')}</th>
              <th scope="col">{t('adminUi.english')}</th>
              <th scope="col">{t('translations.language.de')}</th>
              <th scope="col">{t('translations.language.es')}</th>
              <th scope="col">{t('adminUi.difficulty')}</th>
              <th scope="col">{t('adminUi.audio')}</th>
            </tr>
          </thead>
          <tbody>
            {words.map((word) => (
              <tr key={word.id}>
                <td lang="hu">{word.word_hu}</td>
                <td>{word.word_en}</td>
                {(['de', 'es'] as const).map((language) => {
                  const column = language === 'de' ? 'word_de' : 'word_es';
                  return (
                    <td key={language}>
                      <input
                        lang={language}
                        aria-label={t('vocabulary.field.meaning', {
                          language: t(`translations.language.${language}`),
                          word: word.word_hu,
                        })}
                        placeholder={t(`translations.language.${language}`)}
                        value={word[column]}
                        onChange={(e) => onChange({ ...word, [column]: e.target.value })}
                      />
                    </td>
                  );
                })}
                <td>{word.difficulty}</td>
                <td>
                  {audioOf(word)?.normalize('NFC') ?? (
                    <span className="muted">{t('adminUi.noAudio')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
