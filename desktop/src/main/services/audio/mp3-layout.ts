import { frameAt } from './mp3-frames.ts';

/** An MP3 laid out frame by frame, as far as splitting its decoding needs. */
export type Mp3Layout = {
  /** Byte offset of each audio frame (the Xing/Info frame, which holds no audio, excluded). */
  readonly offsets: readonly number[];
  readonly samplesPerFrame: number;
  readonly sampleRate: number;
  /** Samples gapless decoding drops at the start (encoder delay + mpg123's 529) and the end. */
  readonly delay: number;
  readonly padding: number;
};

/** libmpg123's own decoder delay, which it adds to the LAME tag's encoder delay. */
const DECODER_DELAY = 529;

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** The Xing/Info tag of the first frame: its LAME extension's delay and padding, if any. */
function infoTag(
  bytes: Uint8Array,
  frame: number,
  length: number,
): { delay: number; padding: number } | null {
  for (let at = frame + 4; at < frame + 4 + 40; at++) {
    const tag = ascii(bytes, at, 4);
    if (tag !== 'Xing' && tag !== 'Info') continue;
    const flags = bytes[at + 7] ?? 0;
    let lame = at + 8;
    if (flags & 1) lame += 4;
    if (flags & 2) lame += 4;
    if (flags & 4) lame += 100;
    if (flags & 8) lame += 4;
    if (lame + 24 > frame + length) return { delay: 0, padding: 0 };
    const b = (i: number) => bytes[lame + i] ?? 0;
    const encoderDelay = (b(21) << 4) | (b(22) >> 4);
    const encoderPadding = ((b(22) & 0x0f) << 8) | b(23);
    return {
      delay: encoderDelay + DECODER_DELAY,
      padding: Math.max(0, encoderPadding - DECODER_DELAY),
    };
  }
  return null;
}

/**
 * Walks an MPEG-1/2 Layer III stream frame by frame. Null unless the stream is plain: one
 * sample rate, frames back to back from the first (after an ID3v2 tag) to the end or to a
 * trailing ID3v1/APE tag. Anything else is decoded in one piece, as before.
 */
export function mp3Layout(bytes: Uint8Array): Mp3Layout | null {
  let offset = 0;
  if (ascii(bytes, 0, 3) === 'ID3' && bytes.length >= 10) {
    const size =
      ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
    offset = 10 + size + ((bytes[5] ?? 0) & 0x10 ? 10 : 0);
  }
  const first = frameAt(bytes, offset);
  // Layer III only (bits 01): its bit reservoir is what the split decoding allows for.
  if (!first || (((bytes[offset + 1] ?? 0) >> 1) & 3) !== 1) return null;
  const tag = infoTag(bytes, offset, first.length);
  const offsets: number[] = [];
  let at = tag ? offset + first.length : offset;
  while (at < bytes.length) {
    const frame = frameAt(bytes, at);
    if (!frame) break;
    if (frame.sampleRate !== first.sampleRate || frame.samples !== first.samples) return null;
    if (at + frame.length > bytes.length) return null;
    offsets.push(at);
    at += frame.length;
  }
  const rest = ascii(bytes, at, 3);
  if (at < bytes.length && rest !== 'TAG' && rest !== 'APE') return null;
  return {
    offsets,
    samplesPerFrame: first.samples,
    sampleRate: first.sampleRate,
    delay: tag?.delay ?? 0,
    padding: tag?.padding ?? 0,
  };
}
