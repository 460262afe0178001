import { describe, expect, it } from 'vitest';
import { formatMegabytes } from './size.ts';
import { extensionOf, MEGABYTE } from './types.ts';

describe('file sizes and extensions', () => {
  it.each([
    [0, '0.00 MB'],
    [MEGABYTE, '1.00 MB'],
    [2.5 * MEGABYTE, '2.50 MB'],
    [123_456, '0.12 MB'],
    [-1, '0.00 MB'],
    [Number.NaN, '0.00 MB'],
  ])('returns %f bytes as %j', (bytes, text) => {
    expect(formatMegabytes(bytes).message).toBe(text);
  });

  it.each([
    ['a.MP3', '.mp3'],
    ['archive.tar.gz', '.gz'],
    ['.bashrc', ''],
    ['noext', ''],
    ['trailing.', ''],
  ])('returns the extension of %j', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});
