import { memo, useCallback, useId, useState } from 'react';
import { lineTranslationIn, type Meaning, type MeaningLanguage } from '@magyarul/core/flashcards';
import type { LineTranslations } from '@magyarul/core/flashcards';
import type { TextKey } from '../lib/i18n/catalogue.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useIdleReady } from '../lib/idle.ts';
import { MeaningText } from './meaning-text.tsx';
import { LineNoteMarkers, type TranscriptNotes } from './lesson-notes.tsx';

export type { TranscriptNotes } from './lesson-notes.tsx';

/** A transcript line with its times filled (core's withDefaultTimings) and its translations. */
export type TranscriptLine = LineTranslations & {
  readonly line_number: number;
  readonly speaker: string;
  readonly text_content: string;
  readonly start_time: number;
  readonly end_time: number;
  /** The lesson character who speaks the line (lesson_characters), named in the learner's language. */
  readonly character?: Meaning | null;
};

export const SHOW_TRANSLATIONS_KEY = 'magyarul.showTranslations';

/** The speakers' names in the learner's language; a speaker the catalogue lacks shows as stored. */
const SPEAKER_KEYS: Readonly<Record<string, TextKey>> = {
  narrator: 'speaker.narrator',
  anna: 'speaker.anna',
  bence: 'speaker.bence',
};

/** Lines rendered with the page; the rest follow once the browser is idle (or as soon as the
 *  line being heard is further down), so a long dialogue is not one long task to lay out. */
const FIRST_LINES = 10;

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
}

/** The translations switch: off until the learner turns it on, then remembered in this browser. */
function useShowTranslations(): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(() => readFlag(SHOW_TRANSLATIONS_KEY));
  const set = useCallback((next: boolean) => {
    try {
      localStorage.setItem(SHOW_TRANSLATIONS_KEY, String(next));
    } catch {
      // Private mode may refuse storage; the choice then lasts for this visit only.
    }
    setShow(next);
  }, []);
  return [show, set];
}

/**
 * The dialogue as it is spoken: the line being heard is highlighted and a click seeks to it.
 * With translations on, each line shows its translation in the learner's language under the
 * Hungarian, inside the same line, so it is highlighted and followed with it; English stands in,
 * tagged, where that language is missing. A line a lesson note explains has a marker after it
 * that opens the note there. Memoised: the player re-renders every animation
 * frame while playing, the transcript only when its line changes.
 */
export const Transcript = memo(function Transcript({
  lines,
  active,
  language,
  notes,
  onSeek,
}: {
  lines: readonly TranscriptLine[];
  active: number;
  language: MeaningLanguage;
  /** The notes explaining each line, by line number: a marker after the line opens them. */
  notes?: TranscriptNotes;
  onSeek: (time: number) => void;
}) {
  const t = useT();
  const id = useId();
  const [show, setShow] = useShowTranslations();
  const translated = lines.some((line) => lineTranslationIn(line, language) !== null);
  const idle = useIdleReady({ timeout: 1000 });
  const shown = idle || active >= FIRST_LINES ? lines : lines.slice(0, FIRST_LINES);
  return (
    <div className="transcript-block">
      {translated && (
        <div className="transcript-tools">
          <input
            id={`${id}-translations`}
            type="checkbox"
            role="switch"
            checked={show}
            onChange={(e) => setShow(e.target.checked)}
          />
          <label htmlFor={`${id}-translations`}>{t('transcript.showTranslations')}</label>
        </div>
      )}
      <ol className="transcript" aria-label={t('audio.transcript')}>
        {shown.map((line, index) => {
          const translation = show && translated ? lineTranslationIn(line, language) : null;
          return (
            <li key={line.line_number}>
              <button
                type="button"
                className="transcript-line"
                aria-current={index === active ? 'true' : undefined}
                onClick={() => onSeek(line.start_time)}
              >
                <span className="speaker">
                  {line.character ? (
                    <MeaningText meaning={line.character} learnerLanguage={language} />
                  ) : SPEAKER_KEYS[line.speaker] ? (
                    t(SPEAKER_KEYS[line.speaker])
                  ) : (
                    line.speaker
                  )}
                </span>
                <span className="line-text">
                  <span lang="hu">{line.text_content}</span>
                  {show &&
                    translated &&
                    (translation ? (
                      <MeaningText
                        className="line-translation"
                        meaning={translation}
                        learnerLanguage={language}
                      />
                    ) : (
                      <span className="line-translation muted">
                        {t('transcript.noTranslation')}
                      </span>
                    ))}
                </span>
              </button>
              {notes?.get(line.line_number) && (
                <LineNoteMarkers notes={notes.get(line.line_number) ?? []} language={language} />
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
});
