import type { MPEGDecoder } from 'mpg123-decoder';

/** What one read from the decoder yields: planar channels, valid until the next read. */
export type Mpg123Block = {
  readonly channels: readonly Float32Array[];
  readonly samples: number;
  readonly sampleRate: number;
};

/** The parts of mpg123-decoder 1.x's instance that its own `decode` uses (not in its types). */
type Internals = {
  _common: {
    wasm: {
      mpeg_decoder_feed: (decoder: number, input: number, length: number) => number;
      mpeg_decoder_read: (
        decoder: number,
        output: number,
        outputLength: number,
        samplesDecoded: number,
        sampleRate: number,
        errorString: number,
      ) => number;
    };
  };
  _decoder: number;
  _input: { buf: Uint8Array; ptr: number; len: number };
  _output: { buf: Float32Array; ptr: number; len: number };
  _samplesDecodedPtr: { buf: Uint32Array; ptr: number };
  _sampleRatePtr: { buf: Uint32Array; ptr: number };
  _errorStringPtr: { ptr: number };
};

const NEED_MORE = -10; // MPG123_NEED_MORE
const NEW_FORMAT = -11; // MPG123_NEW_FORMAT

function internals(decoder: MPEGDecoder): Internals | null {
  const inner = decoder as unknown as Partial<Internals>;
  const wasm = inner._common?.wasm;
  return typeof wasm?.mpeg_decoder_feed === 'function' &&
    typeof wasm.mpeg_decoder_read === 'function' &&
    inner._input?.buf instanceof Uint8Array &&
    inner._output?.buf instanceof Float32Array &&
    inner._samplesDecodedPtr &&
    inner._sampleRatePtr &&
    inner._errorStringPtr &&
    typeof inner._decoder === 'number'
    ? (inner as Internals)
    : null;
}

/** Whether `feedMp3` reads the decoder's output in place (false: through its public decode). */
export function readsInPlace(decoder: MPEGDecoder): boolean {
  return internals(decoder) !== null;
}

/**
 * Feeds `bytes` to an mpg123-decoder instance and hands each block of samples to `take` as
 * views of the decoder's WebAssembly memory: the same feed/read loop as the package's own
 * `decode`, without its two copies of every sample (one per read, one to join the reads), which
 * cost as much as a third of the decoding of a long recording. `take` must not keep the views.
 * A version of the package whose insides differ is fed through its public `decode` instead.
 * Returns the number of errors mpg123 reported (a damaged frame is skipped, as `decode` does).
 */
export function feedMp3(
  decoder: MPEGDecoder,
  bytes: Uint8Array,
  take: (block: Mpg123Block) => void,
): number {
  const inner = internals(decoder);
  if (!inner) {
    const decoded = decoder.decode(bytes);
    if (decoded.samplesDecoded > 0) {
      take({
        channels: decoded.channelData,
        samples: decoded.samplesDecoded,
        sampleRate: decoded.sampleRate,
      });
    }
    return decoded.errors.length;
  }
  const { wasm } = inner._common;
  const input = inner._input;
  const output = inner._output;
  let errors = 0;
  for (let offset = 0; offset < bytes.length; offset += input.len) {
    const chunk = bytes.subarray(offset, offset + input.len);
    input.buf.set(chunk);
    if (wasm.mpeg_decoder_feed(inner._decoder, input.ptr, chunk.length) === NEED_MORE) continue;
    for (;;) {
      inner._samplesDecodedPtr.buf[0] = 0;
      const code = wasm.mpeg_decoder_read(
        inner._decoder,
        output.ptr,
        output.len,
        inner._samplesDecodedPtr.ptr,
        inner._sampleRatePtr.ptr,
        inner._errorStringPtr.ptr,
      );
      const samples = inner._samplesDecodedPtr.buf[0] ?? 0;
      if (samples > 0) {
        const buf = output.buf;
        take({
          channels: [buf.subarray(0, samples), buf.subarray(samples, samples * 2)],
          samples,
          sampleRate: inner._sampleRatePtr.buf[0] ?? 0,
        });
      }
      if (code === NEED_MORE) break;
      // As the package's `decode`: a new format or a damaged frame, then read on.
      if (code !== 0 && code !== NEW_FORMAT) errors++;
    }
  }
  return errors;
}
