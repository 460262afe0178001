import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { sniffContainer } from './container.ts';
import { decodeInto } from './decode-into.ts';
import { mp3PartDecoder } from './mp3-helper.ts';
import { mp3Layout } from './mp3-layout.ts';
import { decodeMp3Halves } from './mp3-split.ts';
import type { PeakFolder } from './peak-folder.ts';
import { createPeakFolder } from './peak-folder.ts';

export { DecodeError } from './decode-error.ts';
export { sniffContainer } from './container.ts';

export const PEAKS_PER_SECOND = 100;
/** Below this (about 30 s at 64 kb/s) one thread decodes faster than two can be set to work. */
const SPLIT_MIN_BYTES = 256 * 1024;

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
  const halves = withPeaks ? await decodeInHalves(bytes) : null;
  if (halves) return { decodedSeconds: halves.seconds, peaks: halves.peaks };
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

/**
 * A long MP3 decoded in two halves at once when a helper thread is running (the import worker
 * starts one) and a core is idle: the same peaks and length, in less time. Null when that does
 * not apply or does not work out.
 */
async function decodeInHalves(
  bytes: Uint8Array,
): Promise<{ seconds: number; peaks: Float32Array } | null> {
  const decodePart = mp3PartDecoder();
  if (!decodePart || bytes.length < SPLIT_MIN_BYTES || sniffContainer(bytes) !== 'mp3') return null;
  // Only with a core to spare: on a machine already busy the halves take turns on the same
  // cores, and splitting costs a little more CPU than one decode (measured 5-20 %).
  if ((loadavg()[0] ?? 0) > availableParallelism() - 1) return null;
  const layout = mp3Layout(bytes);
  return layout ? decodeMp3Halves(bytes, layout, decodePart, PEAKS_PER_SECOND) : null;
}

/** `decodeAudioBytes` of a file. */
export async function decodeAudio(file: string, withPeaks: boolean): Promise<Decoded> {
  return decodeAudioBytes(await readFile(file), withPeaks);
}
