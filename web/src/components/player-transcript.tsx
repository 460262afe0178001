import { Suspense, lazy, useEffect, useRef, type Ref, type RefObject } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { whenIdle } from '../lib/idle.ts';
import { useWordPanel } from '../tokens/use-word-panel.ts';
import type { WordHelp } from '../tokens/word-panel-host.tsx';
import type { AudioVersionName } from '../tokens/word-times.ts';
import { NO_KNOWN_WORDS } from '../tokens/word-token.ts';
import { Transcript, type TranscriptLine, type TranscriptNotes } from './transcript.tsx';

/** The word panel's code: its own chunk (precached for offline use like every asset). */
const loadPanel = () => import('../tokens/word-panel-host.tsx');
const WordPanelHost = lazy(async () => ({ default: (await loadPanel()).WordPanelHost }));

/**
 * The player's transcript and, with `wordHelp`, the panel of the word tapped in it: the dialogue
 * pauses while the panel is open and plays on when it closes (useWordPanel); the word plays from
 * its recording or from `source` (the version being heard) between its times in `version`.
 */
export function PlayerTranscript({
  ref,
  audioRef,
  lines,
  active,
  activeWord,
  language,
  notes,
  version,
  source,
  wordHelp,
  onSeek,
}: {
  ref: Ref<HTMLDivElement>;
  audioRef: RefObject<HTMLAudioElement | null>;
  lines: readonly TranscriptLine[];
  active: number;
  activeWord: number;
  language: MeaningLanguage;
  notes: TranscriptNotes | undefined;
  version: AudioVersionName;
  source: string | null;
  wordHelp: WordHelp | undefined;
  onSeek: (time: number) => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const panel = useWordPanel(audioRef, panelRef);
  // Not part of the page's first tasks, but loaded once the page is idle, before any tap.
  useEffect(() => (wordHelp ? whenIdle(() => void loadPanel()) : undefined), [wordHelp]);
  return (
    <>
      <div ref={ref}>
        <Transcript
          lines={lines}
          active={active}
          activeWord={activeWord}
          language={language}
          notes={notes}
          known={wordHelp?.known ?? NO_KNOWN_WORDS}
          openWord={panel.open?.token.id ?? null}
          onSeek={onSeek}
          onWord={wordHelp ? panel.openWord : undefined}
        />
      </div>
      {panel.open && wordHelp && (
        <Suspense fallback={null}>
          <WordPanelHost
            open={panel.open}
            help={wordHelp}
            language={language}
            lineUrl={source}
            version={version}
            panelRef={panelRef}
            onClose={() => panel.close()}
          />
        </Suspense>
      )}
    </>
  );
}
