/**
 * Why audio did not decode: the file is broken (or not audio at all), it uses a codec the
 * studio has no decoder for, the decoder that ships with the studio could not be loaded, or it
 * is AAC, which the studio window's Chromium decodes instead of the main process. Each gets its
 * own message; only the first says "broken".
 */
export type DecodeFailure =
  'broken' | 'unsupported-codec' | 'decoder-missing' | 'decoded-in-renderer';

export class DecodeError extends Error {
  readonly codec: string | null;
  constructor(
    readonly reason: DecodeFailure,
    message: string,
    details: { readonly codec?: string } = {},
  ) {
    super(message);
    this.codec = details.codec ?? null;
  }
}
