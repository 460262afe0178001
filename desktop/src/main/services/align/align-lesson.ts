import type { AlignedLine } from '@magyarul/core/align';
import type {
  AlignmentResult,
  AudioVersion,
  LineTimes,
  LineToken,
  LineTokens,
  TranscriptLine,
  VersionSpan,
} from '../../../shared/model.ts';
import type { AlignFileRequest } from './align-file.ts';
import type { AlignWorkerEntry } from './run-align.ts';
import { runAlign } from './run-align.ts';

/**
 * The recordings of a lesson by version (a path, or samples the studio window decoded); the
 * studio's drafts have the normal one today.
 */
export type LessonAudio = { readonly [V in AudioVersion]?: AlignFileRequest['file'] };

const NO_TIME: VersionSpan = { start: null, end: null };

/** Lines timed by hand, with both times: the aligner keeps them and aligns around them. */
const anchorOf = (line: TranscriptLine) =>
  line.timedByHand && line.startTime !== null && line.endTime !== null
    ? { start: line.startTime, end: line.endTime }
    : null;

/**
 * Aligns every line and word of a lesson to each of its recordings (normal, slow, natural).
 * Returns what it found without writing it: the editor writes it as one undoable edit. Line
 * times are the normal recording's; hand-timed lines keep theirs (in the normal recording) and
 * anchor the rest.
 */
export async function alignLesson(
  lines: readonly TranscriptLine[],
  audio: LessonAudio,
  voice: string,
  worker: AlignWorkerEntry | undefined,
): Promise<AlignmentResult> {
  const started = performance.now();
  const versions = (['normal', 'slow', 'natural'] as const).filter((v) => audio[v] !== undefined);
  const byVersion = new Map<AudioVersion, Map<number, AlignedLine>>();
  for (const version of versions) {
    const aligned = await runAlign(
      {
        file: audio[version] as AlignFileRequest['file'],
        voice,
        lines: lines.map((line) => ({
          id: line.id,
          text: line.text,
          anchor: version === 'normal' ? anchorOf(line) : null,
        })),
      },
      worker,
    );
    byVersion.set(version, new Map(aligned.map((line) => [line.id, line])));
  }
  const normal = byVersion.get('normal');
  const times: LineTimes[] = lines.map((line) => {
    const aligned = normal?.get(line.id);
    if (anchorOf(line) || !aligned) {
      return {
        id: line.id,
        startTime: line.startTime,
        endTime: line.endTime,
        byHand: line.timedByHand,
      };
    }
    return { id: line.id, startTime: aligned.startTime, endTime: aligned.endTime, byHand: false };
  });
  const tokens: LineTokens[] = lines.flatMap((line) => {
    const first = versions.map((v) => byVersion.get(v)?.get(line.id)).find((l) => l !== undefined);
    if (!first) return [];
    const lineTokens: LineToken[] = first.tokens.map((token, index) => {
      const span = (version: AudioVersion): VersionSpan => {
        const t = byVersion.get(version)?.get(line.id)?.tokens[index];
        return t ? { start: t.startTime, end: t.endTime } : NO_TIME;
      };
      return {
        position: token.position,
        text: token.text,
        charStart: token.start,
        charEnd: token.end,
        times: { normal: span('normal'), slow: span('slow'), natural: span('natural') },
      };
    });
    return [{ lineId: line.id, tokens: lineTokens }];
  });
  return {
    lines: times,
    tokens,
    versions,
    anchors: lines.filter((line) => anchorOf(line) !== null).length,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
