import type { MPEGDecoder } from 'mpg123-decoder';
import { DecodeError } from './decode-error.ts';
import { feedMp3 } from './mpg123-feed.ts';
import type { SampleSink } from './peak-folder.ts';

/** A ready decoder; `gapless` false keeps every sample of every frame (a part of a stream). */
export async function openDecoder(gapless = true): Promise<MPEGDecoder> {
  // The package compiles its WebAssembly in a promise nobody can catch: without WebAssembly it
  // would end the process instead of failing this decode, so that case is caught here.
  if (!('WebAssembly' in globalThis)) {
    throw new DecodeError('decoder-missing', 'WebAssembly is not available here', {
      codec: 'MP3',
    });
  }
  try {
    // Loaded on first use: a machine without WebAssembly fails here, as a missing decoder, not
    // when the import worker starts.
    const { MPEGDecoder: Decoder } = await import('mpg123-decoder');
    const decoder = new Decoder({ enableGapless: gapless });
    await decoder.ready;
    return decoder;
  } catch (error) {
    throw new DecodeError(
      'decoder-missing',
      `MP3 decoder unavailable: ${(error as Error).message}`,
      {
        codec: 'MP3',
      },
    );
  }
}

/**
 * Instantiates the decoder once (its WebAssembly is decompressed and compiled on first use) so
 * a later decode starts at once. A decoder that cannot load is reported when a file needs it.
 */
export async function warmMp3Decoder(): Promise<void> {
  try {
    (await openDecoder()).free();
  } catch {
    // Reported, with the reason, by the decode that needs it.
  }
}

/**
 * Decodes an MP3 (MPEG-1/2 layer I–III) in this thread with libmpg123 compiled to WebAssembly
 * (the npm package mpg123-decoder): no program on PATH is involved. The bytes are fed in the
 * decoder's 64 KB chunks and each block of samples goes straight to `sink` (made once the sample
 * rate is known) as a view of the decoder's memory, never copied, so memory stays flat whatever
 * the length. Gapless decoding drops the encoder's padding, so the length is the real one. Returns the seconds and the sample rate decoded.
 */
export async function decodeMp3Into(
  bytes: Uint8Array,
  sinkFor: ((sampleRate: number) => SampleSink) | null,
): Promise<{ seconds: number; sampleRate: number }> {
  const decoder = await openDecoder();
  let sink: SampleSink | null = null;
  let frames = 0;
  let sampleRate = 0;
  try {
    feedMp3(decoder, bytes, (block) => {
      if (sampleRate === 0) sampleRate = block.sampleRate;
      if (sinkFor) {
        sink ??= sinkFor(sampleRate);
        sink.add(block.channels, block.samples);
      }
      frames += block.samples;
    });
  } finally {
    decoder.free();
  }
  if (frames === 0 || sampleRate === 0) {
    throw new DecodeError('broken', 'no MPEG audio frames decode');
  }
  return { seconds: frames / sampleRate, sampleRate };
}
