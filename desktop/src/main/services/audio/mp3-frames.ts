const MPEG1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG1_L2 = [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384];
const MPEG1_L1 = [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448];
const MPEG2_L1 = [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256];
const MPEG2_L23 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

export type Frame = { length: number; samples: number; sampleRate: number };

/** The MPEG audio frame whose header starts at `offset`, or null. */
export function frameAt(bytes: Uint8Array, offset: number): Frame | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrateIndex = (b2 >> 4) & 15;
  const rateIndex = (b2 >> 2) & 3;
  if (
    version === 1 ||
    layer === 0 ||
    bitrateIndex === 0 ||
    bitrateIndex === 15 ||
    rateIndex === 3
  ) {
    return null;
  }
  const sampleRate = RATES[version]?.[rateIndex] ?? 0;
  const padding = (b2 >> 1) & 1;
  const mpeg1 = version === 3;
  const table =
    layer === 3
      ? mpeg1
        ? MPEG1_L1
        : MPEG2_L1
      : layer === 2
        ? mpeg1
          ? MPEG1_L2
          : MPEG2_L23
        : mpeg1
          ? MPEG1_L3
          : MPEG2_L23;
  const bitrate = (table[bitrateIndex] ?? 0) * 1000;
  if (layer === 3) {
    return {
      length: (Math.floor((12 * bitrate) / sampleRate) + padding) * 4,
      samples: 384,
      sampleRate,
    };
  }
  const samples = layer === 2 ? 1152 : mpeg1 ? 1152 : 576;
  const coefficient = layer === 1 && !mpeg1 ? 72 : 144;
  return {
    length: Math.floor((coefficient * bitrate) / sampleRate) + padding,
    samples,
    sampleRate,
  };
}

export type Mp3Scan = {
  /** Seconds of complete MPEG audio frames. */
  readonly seconds: number;
  readonly frames: number;
  /** The file ends inside a frame: it was cut off. */
  readonly truncated: boolean;
};

/**
 * Walks the MPEG audio frames of an MP3 without decoding them (cheap enough for hundreds of word
 * files, where decoding each would dominate the import). Null when no frames are found.
 */
export function scanMp3(bytes: Uint8Array): Mp3Scan | null {
  let offset = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33 && bytes.length >= 10) {
    const size =
      ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
    offset = 10 + size + ((bytes[5] ?? 0) & 0x10 ? 10 : 0);
  }
  // Find the first frame that is followed by another one (a lone 0xFFE pattern can be noise).
  const searchEnd = Math.min(bytes.length, offset + 64 * 1024);
  let start = -1;
  for (let i = offset; i < searchEnd; i++) {
    const frame = frameAt(bytes, i);
    if (frame && (i + frame.length === bytes.length || frameAt(bytes, i + frame.length))) {
      start = i;
      break;
    }
  }
  if (start < 0) return null;
  let frames = 0;
  let seconds = 0;
  let truncated = false;
  for (let i = start; i < bytes.length;) {
    const frame = frameAt(bytes, i);
    if (!frame) break;
    if (i + frame.length > bytes.length) {
      truncated = true;
      break;
    }
    frames++;
    seconds += frame.samples / frame.sampleRate;
    i += frame.length;
  }
  return frames === 0 ? null : { seconds, frames, truncated };
}
