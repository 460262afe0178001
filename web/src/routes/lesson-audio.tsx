import { useMemo } from 'react';
import type { MeaningLanguage } from '@magyarul/core/flashcards';
import { audioUrlCandidates } from '@magyarul/core/lessons';
import type { LessonRow, TranscriptRow } from '../lib/database.ts';
import { readBackendConfig } from '../lib/config.ts';
import {
  characterNames,
  notesByLine,
  notesIn,
  type LessonCharacter,
  type LessonNoteRow,
} from '../lib/lesson-texts.ts';
import { lessonRenderings } from '../lib/recording-versions.ts';
import { AudioPlayer, type OtherVersions } from '../components/audio-player.tsx';
import { LessonNotes } from '../components/lesson-notes.tsx';
import type { WordHelp } from '../tokens/word-panel-host.tsx';
import { withTokens } from '../tokens/with-tokens.ts';
import type { WordToken } from '../tokens/word-token.ts';

/**
 * The Audio tab: the dialogue in every version the lesson has (slow, normal, natural tempo; each
 * with its own line times), its lines labelled with their speaker or character in the learner's
 * language, and the lesson's notes (markers on the lines they explain, and a Notes section after
 * the transcript). With `tokens` and `wordHelp`, every word of its lines explains itself
 * (tap-a-word); the admin's preview shows the lines without them (nothing is recorded there).
 */
export function LessonAudio({
  lesson,
  rows,
  characters,
  notes,
  tokens,
  wordHelp,
  language,
  onComplete,
}: {
  lesson: LessonRow;
  rows: readonly TranscriptRow[];
  characters: readonly LessonCharacter[];
  notes: readonly LessonNoteRow[];
  tokens?: readonly WordToken[] | undefined;
  wordHelp?: WordHelp;
  language: MeaningLanguage;
  onComplete: () => void;
}) {
  const backendUrl = useMemo(() => readBackendConfig().url, []);
  const player = useMemo(() => {
    const names = characterNames(characters, language);
    const renderings = lessonRenderings(lesson, rows);
    const versionOf = (version: 'slow' | 'normal' | 'natural') => {
      const rendering = renderings.get(version);
      if (!rendering) return undefined;
      return {
        sources: audioUrlCandidates(rendering.url, backendUrl),
        lines: withTokens(
          rendering.lines.map((line) => ({
            ...line,
            character: line.character_key ? (names.get(line.character_key) ?? null) : null,
          })),
          tokens,
        ),
      };
    };
    const normal = versionOf('normal') ?? { sources: [], lines: [] };
    const versions: OtherVersions = { slow: versionOf('slow'), natural: versionOf('natural') };
    return { normal, versions };
  }, [lesson, rows, characters, tokens, language, backendUrl]);
  const noteList = useMemo(() => notesIn(notes, language), [notes, language]);
  const byLine = useMemo(() => notesByLine(noteList), [noteList]);
  // A word's panel shows the note that explains it (tap-a-word).
  const help = useMemo(
    () => wordHelp && { ...wordHelp, notes: new Map(noteList.map((note) => [note.id, note])) },
    [wordHelp, noteList],
  );
  return (
    <>
      <AudioPlayer
        sources={player.normal.sources}
        lines={player.normal.lines}
        versions={player.versions}
        notes={byLine}
        language={language}
        wordHelp={help}
        onComplete={onComplete}
      />
      <LessonNotes notes={noteList} language={language} />
    </>
  );
}
