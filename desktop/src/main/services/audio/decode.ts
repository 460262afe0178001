import { readFile } from 'node:fs/promises';
import { DecodeError } from './decode-error.ts';
import { decodeMp3 } from './mp3-decode.ts';
import { createPeakFolder } from './peak-folder.ts';
import { decodeWav, isWav, readWavFormat } from './wav-decode.ts';

export { DecodeError } from './decode-error.ts';

export const PEAKS_PER_SECOND = 100;

export type Decoded = {
  /** Seconds of audio that really decode (a truncated file yields less than its header says). */
  readonly decodedSeconds: number;
  /** Maximum absolute sample per 1/100 s, 0..1; only when asked for. */
  readonly peaks: Float32Array | null;
};

export type Container = 'wav' | 'mp3' | 'mp4' | 'adts' | 'ogg' | 'flac' | 'unknown';

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(at, at + length));

/** What the bytes are, whatever the file is called (an .mp3 may hold AAC). */
export function sniffContainer(bytes: Uint8Array): Container {
  if (isWav(bytes)) return 'wav';
  if (ascii(bytes, 4, 4) === 'ftyp') return 'mp4';
  if (ascii(bytes, 0, 4) === 'OggS') return 'ogg';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'flac';
  if (ascii(bytes, 0, 3) === 'ID3') return 'mp3';
  const b0 = bytes[0] ?? 0;
  const b1 = bytes[1] ?? 0;
  // ADTS (raw AAC) has layer bits 00; MPEG audio has layer I–III (01, 10, 11).
  if (b0 === 0xff && (b1 & 0xf6) === 0xf0) return 'adts';
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0) return 'mp3';
  return 'unknown';
}

const UNSUPPORTED: Partial<Record<Container, string>> = {
  mp4: 'AAC (M4A)',
  adts: 'AAC',
  ogg: 'Ogg',
  flac: 'FLAC',
};

/**
 * Decodes audio bytes in this process, with no program on PATH: WAV by the studio's own reader,
 * MP3 by libmpg123 in WebAssembly. Other codecs are refused with their name. Rejects with a
 * DecodeError saying which of broken / unsupported codec / decoder missing applies.
 */
export async function decodeAudioBytes(bytes: Uint8Array, withPeaks: boolean): Promise<Decoded> {
  const container = sniffContainer(bytes);
  const unsupported = UNSUPPORTED[container];
  if (unsupported) {
    throw new DecodeError('unsupported-codec', `unsupported codec: ${unsupported}`, {
      codec: unsupported,
    });
  }
  if (container === 'wav') {
    const format = readWavFormat(bytes);
    if (!format) throw new DecodeError('broken', 'no fmt or data chunk');
    const folder = withPeaks ? createPeakFolder(format.sampleRate, PEAKS_PER_SECOND) : null;
    const seconds = decodeWav(bytes, format, folder);
    if (seconds === 0) throw new DecodeError('broken', 'no samples in the data chunk');
    return { decodedSeconds: seconds, peaks: folder ? folder.finish() : null };
  }
  // Anything else is tried as MPEG audio: libmpg123 finds frames after junk or a bad tag.
  const decoded = await decodeMp3(bytes, PEAKS_PER_SECOND, withPeaks);
  return { decodedSeconds: decoded.seconds, peaks: decoded.peaks };
}

/** `decodeAudioBytes` of a file. */
export async function decodeAudio(file: string, withPeaks: boolean): Promise<Decoded> {
  return decodeAudioBytes(await readFile(file), withPeaks);
}
