import { decodedInRenderer, oggCodec, sniffContainer } from './container.ts';
import { DecodeError } from './decode-error.ts';
import { decodeMp3Into } from './mp3-decode.ts';
import type { SampleSink } from './peak-folder.ts';
import { decodeStreamInto } from './stream-decode.ts';
import { decodeWav, readWavFormat } from './wav-decode.ts';

export type DecodedInto = { readonly seconds: number; readonly sampleRate: number };

/**
 * Decodes audio bytes in this process, whatever their name: WAV by the studio's own reader,
 * MP3 by libmpg123, FLAC, Ogg Opus and Ogg Vorbis by their WebAssembly decoders; each block of
 * samples goes to the sink `sinkFor` makes for the sample rate. AAC (M4A) is left to the
 * renderer's Chromium ('decoded-in-renderer'); anything else is refused with its codec's name.
 */
export async function decodeInto(
  bytes: Uint8Array,
  sinkFor: ((sampleRate: number) => SampleSink) | null,
): Promise<DecodedInto> {
  const container = sniffContainer(bytes);
  if (decodedInRenderer(container)) {
    throw new DecodeError('decoded-in-renderer', 'AAC is decoded by the studio window', {
      codec: container === 'mp4' ? 'AAC (M4A)' : 'AAC',
    });
  }
  if (container === 'wav') {
    const format = readWavFormat(bytes);
    if (!format) throw new DecodeError('broken', 'no fmt or data chunk');
    const seconds = decodeWav(bytes, format, sinkFor ? sinkFor(format.sampleRate) : null);
    if (seconds === 0) throw new DecodeError('broken', 'no samples in the data chunk');
    return { seconds, sampleRate: format.sampleRate };
  }
  if (container === 'flac') return decodeStreamInto('FLAC', bytes, sinkFor);
  if (container === 'ogg') {
    const codec = oggCodec(bytes);
    if (codec === 'opus') return decodeStreamInto('Opus', bytes, sinkFor);
    if (codec === 'vorbis') return decodeStreamInto('Vorbis', bytes, sinkFor);
    if (codec === null) throw new DecodeError('broken', 'no whole Ogg page');
    throw new DecodeError('unsupported-codec', `unsupported codec: Ogg ${codec}`, {
      codec: codec === 'flac' ? 'FLAC in Ogg' : 'an Ogg codec other than Opus or Vorbis',
    });
  }
  // Anything else is tried as MPEG audio: libmpg123 finds frames after junk or a bad tag.
  return decodeMp3Into(bytes, sinkFor);
}
