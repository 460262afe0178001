import { useId, useState } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import type { LessonNote } from '../lib/lesson-texts.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { MeaningText } from './meaning-text.tsx';
import './lesson-notes.css';

// A lesson's notes (issue 32 point 4): short grammar or usage notes, each tied to the lines it
// explains, in the learner's language (English marked where that language is missing).

/** The notes explaining each line, by line number (lesson-texts' notesByLine). */
export type TranscriptNotes = ReadonlyMap<number, readonly LessonNote[]>;

/**
 * After a transcript line: one marker per note that explains it; the marker opens the note
 * under the line (a disclosure), so it is read beside the words it is about.
 */
export function LineNoteMarkers({
  notes,
  language,
}: {
  notes: readonly LessonNote[];
  language: MeaningLanguage;
}) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const [open, setOpen] = useState<string | null>(null);
  const shown = notes.find((note) => note.id === open);
  return (
    <div className="line-notes">
      {notes.map((note) => (
        <button
          key={note.id}
          type="button"
          className="note-marker"
          aria-expanded={open === note.id}
          aria-controls={`${id}-note`}
          onClick={() => setOpen((current) => (current === note.id ? null : note.id))}
        >
          <span aria-hidden="true" className="note-marker-icon">
            ℹ
          </span>
          {t('notes.marker', { n: format.number(note.number) })}:{' '}
          <MeaningText meaning={note.title} learnerLanguage={language} />
        </button>
      ))}
      <div id={`${id}-note`} className="line-note" hidden={!shown}>
        {shown && <MeaningText meaning={shown.body} learnerLanguage={language} />}
      </div>
    </div>
  );
}

/** The Notes section after the transcript: every note, with the lines it explains. */
export function LessonNotes({
  notes,
  language,
}: {
  notes: readonly LessonNote[];
  language: MeaningLanguage;
}) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  if (notes.length === 0) return null;
  return (
    <section className="lesson-notes" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('notes.title')}</h2>
      <ol>
        {notes.map((note) => (
          <li key={note.id} className="lesson-note">
            <h3>
              {t('notes.marker', { n: format.number(note.number) })}:{' '}
              <MeaningText meaning={note.title} learnerLanguage={language} />
            </h3>
            <p className="muted small">
              {t('notes.lines', {
                count: note.lineNumbers.length,
                lines: note.lineNumbers.map((n) => format.number(n)).join(', '),
              })}
            </p>
            <p>
              <MeaningText meaning={note.body} learnerLanguage={language} />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
