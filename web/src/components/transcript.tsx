import {
  memo,
  useCallback,
  useDeferredValue,
  useId,
  useMemo,
  useState,
  type MouseEvent,
} from 'react';
import { lineTranslationIn, type Meaning, type MeaningLanguage } from '@magyarul/core/flashcards';
import type { LineTranslations } from '@magyarul/core/flashcards';
import type { TextKey } from '../lib/i18n/catalogue.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useIdleCount } from '../lib/idle.ts';
import { MeaningText } from './meaning-text.tsx';
import type { LessonNote } from '../lib/lesson-texts.ts';
import { LineNoteMarkers, type TranscriptNotes } from './lesson-notes.tsx';
import { LineWords, type WordTap } from '../tokens/line-words.tsx';
import { NO_KNOWN_WORDS, type KnownWords, type WordToken } from '../tokens/word-token.ts';

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
  /** The line's id, which its tokens point at (absent in the demo's hand-made lines). */
  readonly id?: string;
  /** The line's words (tap-a-word); a line without them shows its text as it is. */
  readonly tokens?: readonly WordToken[];
};

export const SHOW_TRANSLATIONS_KEY = 'magyarul.showTranslations';

/** The speakers' names in the learner's language; a speaker the catalogue lacks shows as stored. */
const SPEAKER_KEYS: Readonly<Record<string, TextKey>> = {
  narrator: 'speaker.narrator',
  anna: 'speaker.anna',
  bence: 'speaker.bence',
};

/** Lines rendered with the page; the rest follow a few at a time whenever the browser is idle
 *  (all at once when the line being heard is further down), so a long dialogue is never one long
 *  task to lay out. */
const FIRST_LINES = 10;
const LINES_PER_STEP = 8;

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
 * The dialogue as it is spoken: the line being heard is highlighted (and, where the line has word
 * times, the word being spoken), the speaker's button plays from that line, and every Hungarian
 * word is a button that opens its panel (tap-a-word). With translations on, each line shows its
 * translation in the learner's language under the Hungarian, inside the same line, so it is
 * highlighted and followed with it; English stands in, tagged, where that language is missing.
 * A line a lesson note explains has a marker after it that opens the note there.
 * Memoised, as each line: the player re-renders every animation frame while playing, the
 * transcript only when its line or word changes, and then only the lines that changed.
 */
export const Transcript = memo(function Transcript({
  lines,
  active,
  activeWord = -1,
  language,
  notes,
  known = NO_KNOWN_WORDS,
  openWord = null,
  onSeek,
  onWord = ignoreWord,
}: {
  lines: readonly TranscriptLine[];
  active: number;
  /** The word being spoken in the active line (its index in the line's tokens), or -1. */
  activeWord?: number;
  language: MeaningLanguage;
  /** The notes explaining each line, by line number: a marker after the line opens them. */
  notes?: TranscriptNotes;
  known?: KnownWords;
  /** The token whose panel is open. */
  openWord?: string | null;
  onSeek: (time: number) => void;
  onWord?: WordTap;
}) {
  const t = useT();
  const id = useId();
  const [show, setShow] = useShowTranslations();
  // Words arriving after the lines (their own read), the learner's words in review and the rest
  // of the lines are rendered as transitions: React does them in slices between frames, so a
  // long transcript never makes one long task of the page (issue 31: Lighthouse on a phone).
  const deferredLines = useDeferredValue(lines);
  const deferredKnown = useDeferredValue(known);
  const translated = deferredLines.some((line) => lineTranslationIn(line, language) !== null);
  const revealed = useIdleCount(deferredLines.length, FIRST_LINES, LINES_PER_STEP);
  const shown = active >= revealed ? deferredLines : deferredLines.slice(0, revealed);
  const tokens = useMemo(
    () => new Map(deferredLines.flatMap((line) => line.tokens ?? []).map((w) => [w.id, w])),
    [deferredLines],
  );
  // One handler for every word and line (none per word): a word opens its panel; a click
  // elsewhere on a line, its speaker's button included, plays from that line.
  const onClick = (event: MouseEvent<HTMLOListElement>) => {
    const target = event.target as Element;
    const word = target.closest<HTMLButtonElement>('button.word');
    const token = word ? tokens.get(word.dataset['token'] ?? '') : undefined;
    if (word && token) {
      onWord(token, word);
      return;
    }
    const start = target.closest<HTMLElement>('li.transcript-line')?.dataset['start'];
    if (start !== undefined) onSeek(Number(start));
  };
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
      {/* Clicks only: the keyboard reaches the same through the buttons inside (their clicks). */}
      <ol className="transcript" aria-label={t('audio.transcript')} onClick={onClick}>
        {shown.map((line, index) => (
          <TranscriptRow
            key={line.line_number}
            line={line}
            current={index === active}
            activeWord={index === active ? activeWord : -1}
            translations={show && translated}
            language={language}
            notes={notes?.get(line.line_number)}
            known={deferredKnown}
            openWord={
              openWord !== null && line.tokens?.some((w) => w.id === openWord) ? openWord : null
            }
          />
        ))}
      </ol>
    </div>
  );
});

function ignoreWord() {
  // No panel where the transcript is shown without one.
}

/**
 * One line: the speaker's button (plays from the line), the words, the translation. A click on
 * the line outside its words plays from it too, as the whole line did before words were buttons
 * (the transcript's one click handler does both, from `data-start` and the words' `data-token`).
 */
const TranscriptRow = memo(function TranscriptRow({
  line,
  current,
  activeWord,
  translations,
  language,
  notes,
  known,
  openWord,
}: {
  line: TranscriptLine;
  current: boolean;
  activeWord: number;
  translations: boolean;
  language: MeaningLanguage;
  /** The notes that explain this line: markers after it open them. */
  notes: readonly LessonNote[] | undefined;
  known: KnownWords;
  /** The word of this line whose panel is open (null on every other line). */
  openWord: string | null;
}) {
  const t = useT();
  const speaker =
    line.character?.text ??
    (SPEAKER_KEYS[line.speaker] ? t(SPEAKER_KEYS[line.speaker]) : line.speaker);
  const translation = translations ? lineTranslationIn(line, language) : null;
  return (
    // A click anywhere on it plays from the line; the keyboard's way is the speaker's button.
    <li
      className="transcript-line"
      aria-current={current ? 'true' : undefined}
      data-start={line.start_time}
    >
      <button
        type="button"
        className="speaker"
        aria-label={t('transcript.playLine', { n: line.line_number, speaker })}
      >
        {line.character ? (
          <MeaningText meaning={line.character} learnerLanguage={language} />
        ) : (
          speaker
        )}
      </button>
      <span className="line-text">
        <LineWords
          text={line.text_content}
          tokens={line.tokens}
          activeWord={activeWord}
          openWord={openWord}
          known={known}
        />
        {translations &&
          (translation ? (
            <MeaningText
              className="line-translation"
              meaning={translation}
              learnerLanguage={language}
            />
          ) : (
            <span className="line-translation muted">{t('transcript.noTranslation')}</span>
          ))}
      </span>
      {notes && notes.length > 0 && (
        // The markers open their note here; a click on them is not a seek of the line.
        <div className="line-notes-slot" onClick={(event) => event.stopPropagation()}>
          <LineNoteMarkers notes={notes} language={language} />
        </div>
      )}
    </li>
  );
});
