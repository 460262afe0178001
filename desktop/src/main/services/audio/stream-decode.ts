import { DecodeError } from './decode-error.ts';
import type { SampleSink } from './peak-folder.ts';
import type { WasmDecoder } from './wasm-decoder.ts';
import { openWasmDecoder } from './wasm-decoder.ts';

const CHUNK_BYTES = 1 << 16;

/** The decoders the studio ships for FLAC and Ogg (MIT, the family mpg123-decoder is from). */
const LOADERS = {
  FLAC: async (): Promise<WasmDecoder> => {
    const { FLACDecoder } = await import('@wasm-audio-decoders/flac');
    return new FLACDecoder();
  },
  Opus: async (): Promise<WasmDecoder> => {
    const { OggOpusDecoder } = await import('ogg-opus-decoder');
    return new OggOpusDecoder();
  },
  Vorbis: async (): Promise<WasmDecoder> => {
    const { OggVorbisDecoder } = await import('@wasm-audio-decoders/ogg-vorbis');
    return new OggVorbisDecoder();
  },
} as const;

export type StreamCodec = keyof typeof LOADERS;

/**
 * Decodes FLAC, Ogg Opus or Ogg Vorbis in this thread with a WebAssembly decoder from npm (no
 * program on PATH). The bytes go in 64 KB chunks and each chunk's samples straight to `sink`
 * (made once the sample rate is known), so memory stays flat whatever the length. Returns the
 * seconds and the sample rate decoded; a file that yields no samples is broken.
 */
export async function decodeStreamInto(
  codec: StreamCodec,
  bytes: Uint8Array,
  sinkFor: ((sampleRate: number) => SampleSink) | null,
): Promise<{ seconds: number; sampleRate: number }> {
  const decoder = await openWasmDecoder(codec, LOADERS[codec]);
  let sink: SampleSink | null = null;
  let frames = 0;
  let sampleRate = 0;
  const take = (decoded: {
    channelData: Float32Array[];
    samplesDecoded: number;
    sampleRate: number;
  }) => {
    if (decoded.samplesDecoded === 0) return;
    if (sampleRate === 0) sampleRate = decoded.sampleRate;
    if (sinkFor) {
      sink ??= sinkFor(sampleRate);
      sink.add(decoded.channelData, decoded.samplesDecoded);
    }
    frames += decoded.samplesDecoded;
  };
  try {
    for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
      take(await decoder.decode(bytes.subarray(offset, offset + CHUNK_BYTES)));
    }
    if (decoder.flush) take(await decoder.flush());
  } catch (error) {
    if (error instanceof DecodeError) throw error;
    throw new DecodeError('broken', `${codec}: ${(error as Error).message}`);
  } finally {
    decoder.free();
  }
  if (frames === 0 || sampleRate === 0) {
    throw new DecodeError('broken', `no ${codec} audio decodes`);
  }
  return { seconds: frames / sampleRate, sampleRate };
}
