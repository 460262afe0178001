import type { AlignLineInput, AlignedLine } from '@magyarul/core/align';
import { alignLines } from '@magyarul/core/align';
import type { MonoAudio } from '../audio/mono-samples.ts';
import { decodeMono } from '../audio/mono-samples.ts';
import { espeakSynthesiser } from './espeak-synthesiser.ts';

export type AlignFileRequest = {
  /** A recording's path, or its samples (decoded by the studio window). */
  readonly file: string | MonoAudio;
  readonly lines: readonly AlignLineInput[];
  /** eSpeak NG's voice for the lines' language. */
  readonly voice: string;
};

/** Decodes one recording in this process and aligns the lines to it (eSpeak NG reference). */
export async function alignFile(request: AlignFileRequest): Promise<AlignedLine[]> {
  const audio = typeof request.file === 'string' ? await decodeMono(request.file) : request.file;
  return alignLines(
    {
      lines: request.lines,
      samples: audio.samples,
      sampleRate: audio.sampleRate,
      voice: request.voice,
    },
    espeakSynthesiser,
  );
}
