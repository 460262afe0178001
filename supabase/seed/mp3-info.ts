// A strict MPEG audio frame walker used by the content tests: it checks that a file is a
// sequence of valid Layer III frames from start to end (after an optional ID3v2 tag) and
// returns the decoded duration. No decoding, so checking 150 files takes milliseconds.

export type Mp3Info = {
  frames: number;
  sampleRate: number;
  channels: 1 | 2;
  bitrateKbps: number;
  duration: number;
};

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8_000],
};

function id3Size(bytes: Uint8Array): number {
  if (bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size =
    ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
  return 10 + size;
}

/** Throws when the bytes are not a clean MPEG Layer III stream. */
export function mp3Info(bytes: Uint8Array): Mp3Info {
  let offset = id3Size(bytes);
  let frames = 0;
  let sampleRate = 0;
  let channels: 1 | 2 = 1;
  let bitrateKbps = 0;
  let samplesPerFrame = 0;
  while (offset < bytes.length) {
    const b1 = bytes[offset + 1] ?? 0;
    const b2 = bytes[offset + 2] ?? 0;
    const b3 = bytes[offset + 3] ?? 0;
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) {
      // A trailing ID3v1 tag is the only thing allowed after the last frame.
      if (bytes.length - offset === 128 && bytes[offset] === 0x54) break;
      throw new Error(`no MPEG frame sync at byte ${offset}`);
    }
    const version = (b1 >> 3) & 0x03;
    const layer = (b1 >> 1) & 0x03;
    if (version === 1 || layer !== 1) throw new Error(`not MPEG Layer III at byte ${offset}`);
    const bitrate = (version === 3 ? BITRATES_V1 : BITRATES_V2)[(b2 >> 4) & 0x0f] ?? 0;
    const rate = SAMPLE_RATES[version]?.[(b2 >> 2) & 0x03] ?? 0;
    if (bitrate === 0 || rate === 0) throw new Error(`bad frame header at byte ${offset}`);
    if (frames === 0) {
      sampleRate = rate;
      bitrateKbps = bitrate;
      channels = ((b3 >> 6) & 0x03) === 3 ? 1 : 2;
      samplesPerFrame = version === 3 ? 1152 : 576;
    } else if (rate !== sampleRate) {
      throw new Error(`sample rate changes at byte ${offset}`);
    }
    const padding = (b2 >> 1) & 0x01;
    const length = Math.floor(((samplesPerFrame / 8) * bitrate * 1000) / rate) + padding;
    offset += length;
    frames += 1;
  }
  if (frames === 0) throw new Error('no MPEG frames');
  return {
    frames,
    sampleRate,
    channels,
    bitrateKbps,
    duration: (frames * samplesPerFrame) / sampleRate,
  };
}
