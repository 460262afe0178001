import { useEffect, useRef, useState, type RefObject } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { resolveAudioUrl } from '@magyarul/core/lessons';
import { WordPanel, type KeepState } from './word-panel.tsx';
import { playWord, type Clip } from './word-clip.ts';
import { tokenSpan, type AudioVersionName } from './word-times.ts';
import type { OpenWord } from './use-word-panel.ts';
import type { LessonNote } from '../lib/lesson-texts.ts';
import { isKnown, type KnownWords, type TokenWord, type WordToken } from './word-token.ts';

/** What the player needs to explain its words: the lesson's words, the learner's, and keeping. */
export type WordHelp = {
  /** The lesson's words by id (meanings and recordings the tokens link to). */
  readonly words: ReadonlyMap<string, TokenWord>;
  readonly known: KnownWords;
  /** Add to review; 'sign-up' for a visitor (the panel offers an account), null for none. */
  readonly keep: ((token: WordToken) => Promise<void>) | 'sign-up' | null;
  /** Where relative recording paths are resolved. */
  readonly backendUrl: string;
  /** The lesson's notes by id, in the learner's language (a token names the one explaining it). */
  readonly notes?: ReadonlyMap<string, LessonNote>;
};

/**
 * The open word's panel with its behaviour: the play button plays the word's recording or its
 * span of the line in the version being heard; Add to review keeps it (pending while it is sent).
 */
export function WordPanelHost({
  open,
  help,
  language,
  lineUrl,
  version,
  panelRef,
  onClose,
}: {
  open: OpenWord;
  help: WordHelp;
  language: MeaningLanguage;
  lineUrl: string | null;
  version: AudioVersionName;
  panelRef: RefObject<HTMLDivElement | null>;
  onClose: () => void;
}) {
  const { token, anchor } = open;
  const [pending, setPending] = useState(false);
  const clip = useRef<Clip | null>(null);
  const word = token.vocabulary_id ? help.words.get(token.vocabulary_id) : undefined;
  const wordUrl = resolveAudioUrl(word?.audio_file_path, help.backendUrl);
  const span = tokenSpan(token, version);

  // The word stops with its panel.
  useEffect(
    () => () => {
      clip.current?.stop();
      clip.current = null;
    },
    [token.id],
  );

  const run = help.keep;
  const keep: KeepState =
    run === null
      ? { kind: 'none' }
      : run === 'sign-up'
        ? { kind: 'anonymous' }
        : isKnown(token, help.known)
          ? { kind: 'known' }
          : {
              kind: 'ready',
              pending,
              onKeep: () => {
                setPending(true);
                void run(token).finally(() => setPending(false));
              },
            };

  return (
    <WordPanel
      token={token}
      word={word}
      anchor={anchor}
      language={language}
      keep={keep}
      note={token.lesson_note_id ? help.notes?.get(token.lesson_note_id) : undefined}
      canPlay={wordUrl !== null || (lineUrl !== null && span !== null)}
      onPlay={() => {
        clip.current?.stop();
        clip.current = playWord({ wordUrl, lineUrl, span });
      }}
      onClose={onClose}
      panelRef={panelRef}
    />
  );
}
