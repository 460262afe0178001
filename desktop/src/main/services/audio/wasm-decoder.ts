import { DecodeError } from './decode-error.ts';

/** What the @wasm-audio-decoders family answers for each chunk it decodes. */
export type WasmDecoded = {
  readonly channelData: Float32Array[];
  readonly samplesDecoded: number;
  readonly sampleRate: number;
};

export type WasmDecoder = {
  readonly ready: Promise<void>;
  readonly decode: (data: Uint8Array) => WasmDecoded | Promise<WasmDecoded>;
  readonly flush?: () => WasmDecoded | Promise<WasmDecoded>;
  readonly free: () => void;
};

/**
 * Opens one of the WebAssembly decoders from npm (loaded on first use). The packages compile
 * their WebAssembly in a promise nobody can catch: without WebAssembly that would end the
 * process, so that case is refused here, as a missing decoder.
 */
export async function openWasmDecoder(
  codec: string,
  load: () => Promise<WasmDecoder>,
): Promise<WasmDecoder> {
  if (!('WebAssembly' in globalThis)) {
    throw new DecodeError('decoder-missing', 'WebAssembly is not available here', { codec });
  }
  try {
    const decoder = await load();
    await decoder.ready;
    return decoder;
  } catch (error) {
    throw new DecodeError(
      'decoder-missing',
      `${codec} decoder unavailable: ${(error as Error).message}`,
      { codec },
    );
  }
}
