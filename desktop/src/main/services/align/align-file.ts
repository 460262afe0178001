import type { AlignLineInput, AlignedLine } from '@magyarul/core/align';
import { alignLines } from '@magyarul/core/align';
import { decodeMono } from '../audio/mono-samples.ts';
import { espeakSynthesiser } from './espeak-synthesiser.ts';

export type AlignFileRequest = {
  readonly file: string;
  readonly lines: readonly AlignLineInput[];
  /** eSpeak NG's voice for the lines' language. */
  readonly voice: string;
};

/** Decodes one recording in this process and aligns the lines to it (eSpeak NG reference). */
export async function alignFile(request: AlignFileRequest): Promise<AlignedLine[]> {
  const audio = await decodeMono(request.file);
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
