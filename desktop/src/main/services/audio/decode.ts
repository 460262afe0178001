import { readFile } from 'node:fs/promises';
import { decodeInto } from './decode-into.ts';
import type { PeakFolder } from './peak-folder.ts';
import { createPeakFolder } from './peak-folder.ts';

export { DecodeError } from './decode-error.ts';
export { sniffContainer } from './container.ts';

export const PEAKS_PER_SECOND = 100;

export type Decoded = {
  /** Seconds of audio that really decode (a truncated file yields less than its header says). */
  readonly decodedSeconds: number;
  /** Maximum absolute sample per 1/100 s, 0..1; only when asked for. */
  readonly peaks: Float32Array | null;
};

/**
 * Decodes audio bytes in this process, with no program on PATH (see decodeInto: WAV, MP3, FLAC,
 * Ogg Opus and Vorbis), folding the samples into peaks when asked. Rejects with a DecodeError
 * saying which of broken / unsupported codec / decoder missing / decoded in the renderer applies.
 */
export async function decodeAudioBytes(bytes: Uint8Array, withPeaks: boolean): Promise<Decoded> {
  let folder: PeakFolder | null = null;
  const { seconds } = await decodeInto(
    bytes,
    withPeaks
      ? (sampleRate) => {
          folder = createPeakFolder(sampleRate, PEAKS_PER_SECOND);
          return folder;
        }
      : null,
  );
  return { decodedSeconds: seconds, peaks: (folder as PeakFolder | null)?.finish() ?? null };
}

/** `decodeAudioBytes` of a file. */
export async function decodeAudio(file: string, withPeaks: boolean): Promise<Decoded> {
  return decodeAudioBytes(await readFile(file), withPeaks);
}
