import { GRAMMAR_NOTE_TEXTS, grammarNote, type GrammarNote } from '@magyarul/core/grammar';
import { TRANSLATION_LANGUAGES } from '@magyarul/core/lessons';
import type { TokenEditIssue } from '@magyarul/core/tokens';
import { Button } from '../components/button.tsx';
import { useI18n } from '../lib/i18n/i18n.tsx';
import type { GlossaryMeanings, TokenRow } from './tokens-api.ts';
import { meaningOf, type LessonWord } from './token-meaning.ts';
import type { TokenPatch } from './use-token-edits.ts';

const ALL_NOTES = Object.keys(GRAMMAR_NOTE_TEXTS) as GrammarNote[];
const NONE = '';

/**
 * One word of a line in the review editor's Words list: as written, its dictionary form, its
 * grammar notes (core's closed set, in the admin's language), its lesson word, its meanings
 * (each with where it comes from: own, the lesson word, the glossary) and the name and
 * confirmed flags.
 */
export function TokenEditor({
  token,
  issues,
  words,
  glossary,
  onChange,
}: {
  token: TokenRow;
  issues: readonly TokenEditIssue[];
  words: ReadonlyMap<string, LessonWord>;
  glossary: ReadonlyMap<string, GlossaryMeanings>;
  onChange: (patch: TokenPatch) => void;
}) {
  const { t, language } = useI18n();
  const word = token.text;
  const idBase = `token-${token.line_id}-${token.position}`;
  const issueOf = (field: TokenEditIssue['field']) => issues.find((i) => i.field === field);
  const errorProps = (field: TokenEditIssue['field']) =>
    issueOf(field)
      ? { 'aria-invalid': true as const, 'aria-describedby': `${idBase}-${field}-error` }
      : {};
  const errorText = (field: TokenEditIssue['field']) => {
    const issue = issueOf(field);
    return issue ? (
      <span id={`${idBase}-${field}-error`} className="form-error small">
        {t(issue.key, issue.params)}
      </span>
    ) : null;
  };
  const linkedEntry = token.glossary_id === null ? undefined : glossary.get(token.glossary_id);
  const addable = ALL_NOTES.filter((note) => !token.grammar_notes.includes(note));

  return (
    <fieldset className={token.confirmed ? 'token-editor confirmed' : 'token-editor'}>
      <legend lang="hu">{t('tokenEdit.wordLabel', { position: token.position + 1, word })}</legend>
      <label className="token-field">
        <span>{t('word.dictionaryForm')}</span>
        <input
          lang="hu"
          aria-label={t('tokenEdit.lemma', { word })}
          value={token.lemma}
          onChange={(e) => onChange({ lemma: e.target.value })}
          {...errorProps('lemma')}
        />
        {errorText('lemma')}
      </label>
      <div
        className="token-field token-notes"
        role="group"
        aria-label={t('tokenEdit.notes', { word })}
      >
        <span>{t('word.grammar')}</span>
        <ul className="token-note-list">
          {token.grammar_notes.length === 0 && (
            <li className="muted small">{t('tokenEdit.noNotes')}</li>
          )}
          {token.grammar_notes.map((note) => {
            const text = grammarNote(note, language);
            return (
              <li key={note} className="token-note">
                <span>{text}</span>
                <Button
                  variant="ghost"
                  aria-label={t('tokenEdit.removeNote', { note: text })}
                  onClick={() =>
                    onChange({ grammar_notes: token.grammar_notes.filter((n) => n !== note) })
                  }
                >
                  ×
                </Button>
              </li>
            );
          })}
        </ul>
        <select
          aria-label={t('tokenEdit.addNote', { word })}
          value={NONE}
          onChange={(e) => {
            const note = e.target.value as GrammarNote;
            if (note) onChange({ grammar_notes: [...token.grammar_notes, note] });
          }}
          {...errorProps('grammar_notes')}
        >
          <option value={NONE}>{t('tokenEdit.addNoteChoose')}</option>
          {addable.map((note) => (
            <option key={note} value={note}>
              {grammarNote(note, language)}
            </option>
          ))}
        </select>
        {errorText('grammar_notes')}
      </div>
      <label className="token-field">
        <span>{t('tokenEdit.short.lessonWord')}</span>
        <select
          aria-label={t('tokenEdit.lessonWord', { word })}
          value={token.vocabulary_id ?? NONE}
          onChange={(e) => onChange({ vocabulary_id: e.target.value || null })}
        >
          <option value={NONE}>{t('tokenEdit.noLessonWord')}</option>
          {[...words.values()].map((w) => (
            <option key={w.id} value={w.id} lang="hu">
              {w.word_hu} – {w.word_en}
            </option>
          ))}
        </select>
        {linkedEntry && (
          <span className="small muted" lang="hu">
            {t('tokenEdit.glossary', { lemma: linkedEntry.lemma })}
          </span>
        )}
      </label>
      <div className="token-meanings">
        {TRANSLATION_LANGUAGES.map((l) => {
          const column = `meaning_${l}` as const;
          const shown = meaningOf(token, l, words, glossary);
          const linked = meaningOf({ ...token, [column]: null }, l, words, glossary);
          const name = t(`translations.language.${l}`);
          return (
            <label key={l} className="token-field">
              <span>
                {name} <span className="muted small">({t(`tokenEdit.from.${shown.source}`)})</span>
              </span>
              <input
                lang={l}
                aria-label={t('tokenEdit.meaning', { word, language: name })}
                placeholder={linked.text ?? ''}
                value={token[column] ?? ''}
                onChange={(e) =>
                  onChange({ [column]: e.target.value === '' ? null : e.target.value })
                }
                {...errorProps(column)}
              />
              {errorText(column)}
            </label>
          );
        })}
      </div>
      <div className="token-flags">
        <label>
          <input
            type="checkbox"
            aria-label={t('tokenEdit.isName', { word })}
            checked={token.is_name}
            onChange={(e) => onChange({ is_name: e.target.checked })}
          />
          <span aria-hidden="true">{t('tokenEdit.short.name')}</span>
        </label>
        <label>
          <input
            type="checkbox"
            aria-label={t('tokenEdit.confirmed', { word })}
            checked={token.confirmed}
            onChange={(e) => onChange({ confirmed: e.target.checked })}
          />
          <span aria-hidden="true">{t('tokenEdit.short.confirmed')}</span>
        </label>
      </div>
    </fieldset>
  );
}
