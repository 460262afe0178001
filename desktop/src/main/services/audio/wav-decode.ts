import { DecodeError } from './decode-error.ts';
import type { SampleSink } from './peak-folder.ts';

/** What a WAV file's fmt chunk says, with the data chunk's place in the file. */
export type WavFormat = {
  readonly formatTag: number;
  readonly channels: number;
  readonly sampleRate: number;
  readonly bitsPerSample: number;
  readonly blockAlign: number;
  /** Byte offset of the data chunk's first sample and the bytes really present. */
  readonly dataOffset: number;
  readonly dataBytes: number;
};

const PCM = 1;
const FLOAT = 3;
const EXTENSIBLE = 0xfffe;

// Names for the codecs WAV files commonly carry that the studio does not decode.
const CODEC_NAMES: Record<number, string> = {
  2: 'Microsoft ADPCM',
  6: 'A-law',
  7: 'μ-law',
  0x11: 'IMA ADPCM',
  0x31: 'GSM 6.10',
  0x50: 'MPEG audio in WAV',
  0x55: 'MP3 in WAV',
  0xff: 'AAC in WAV',
};

export function isWav(bytes: Uint8Array): boolean {
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  return bytes.length >= 12 && text(0) === 'RIFF' && text(8) === 'WAVE';
}

/** Reads the fmt and data chunks; null when the file is not a readable RIFF/WAVE. */
export function readWavFormat(bytes: Uint8Array): WavFormat | null {
  if (!isWav(bytes)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  let format: Omit<WavFormat, 'dataOffset' | 'dataBytes'> | null = null;
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const id = text(offset);
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ' && offset + 24 <= bytes.length) {
      let formatTag = view.getUint16(offset + 8, true);
      // WAVE_FORMAT_EXTENSIBLE: the real codec is the first two bytes of the sub-format GUID.
      if (formatTag === EXTENSIBLE && size >= 40 && offset + 34 <= bytes.length) {
        formatTag = view.getUint16(offset + 32, true);
      }
      format = {
        formatTag,
        channels: view.getUint16(offset + 10, true),
        sampleRate: view.getUint32(offset + 12, true),
        blockAlign: view.getUint16(offset + 20, true),
        bitsPerSample: view.getUint16(offset + 22, true),
      };
    }
    if (id === 'data') {
      if (!format) return null;
      const dataOffset = offset + 8;
      return { ...format, dataOffset, dataBytes: Math.min(size, bytes.length - dataOffset) };
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

type SampleReader = (view: DataView, at: number) => number;

function sampleReader(format: WavFormat): SampleReader | null {
  const { formatTag, bitsPerSample } = format;
  if (formatTag === PCM) {
    if (bitsPerSample === 8) return (view, at) => (view.getUint8(at) - 128) / 128;
    if (bitsPerSample === 16) return (view, at) => view.getInt16(at, true) / 32768;
    if (bitsPerSample === 24) {
      return (view, at) =>
        (view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16)) / 8388608;
    }
    if (bitsPerSample === 32) return (view, at) => view.getInt32(at, true) / 2147483648;
  }
  if (formatTag === FLOAT) {
    if (bitsPerSample === 32) return (view, at) => view.getFloat32(at, true);
    if (bitsPerSample === 64) return (view, at) => view.getFloat64(at, true);
  }
  return null;
}

/** The codec's name as an author would recognise it. */
export function wavCodecName(format: WavFormat): string {
  return (
    CODEC_NAMES[format.formatTag] ??
    (format.formatTag === PCM || format.formatTag === FLOAT
      ? `${format.bitsPerSample}-bit ${format.formatTag === PCM ? 'PCM' : 'float'} WAV`
      : `WAV codec 0x${format.formatTag.toString(16).padStart(4, '0')}`)
  );
}

const BLOCK_FRAMES = 65_536;

/**
 * Decodes PCM (8, 16, 24, 32-bit) and float (32, 64-bit) WAV data into `folder` (peaks, or any
 * sink of samples) block by block.
 * Other codecs are refused by name (never "broken"); a file cut inside its data decodes as far
 * as it goes. Returns the seconds decoded.
 */
export function decodeWav(bytes: Uint8Array, format: WavFormat, folder: SampleSink | null): number {
  const read = sampleReader(format);
  if (!read || format.channels < 1 || format.sampleRate < 1) {
    throw new DecodeError('unsupported-codec', `unsupported codec: ${wavCodecName(format)}`, {
      codec: wavCodecName(format),
    });
  }
  const bytesPerSample = format.bitsPerSample / 8;
  const frameBytes = Math.max(format.blockAlign, bytesPerSample * format.channels);
  const frames = Math.floor(format.dataBytes / frameBytes);
  if (folder) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const channelCount = Math.min(2, format.channels);
    const blocks = Array.from({ length: channelCount }, () => new Float32Array(BLOCK_FRAMES));
    for (let first = 0; first < frames; first += BLOCK_FRAMES) {
      const count = Math.min(BLOCK_FRAMES, frames - first);
      for (let c = 0; c < channelCount; c++) {
        const block = blocks[c] as Float32Array;
        let at = format.dataOffset + first * frameBytes + c * bytesPerSample;
        for (let i = 0; i < count; i++, at += frameBytes) block[i] = read(view, at);
      }
      folder.add(blocks, count);
    }
  }
  return frames / format.sampleRate;
}
