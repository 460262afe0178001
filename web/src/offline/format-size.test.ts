import { describe, expect, it } from 'vitest';
import { formatSize } from './format-size.ts';

describe('formatSize', () => {
  it('writes kilobytes below a megabyte and megabytes with one decimal above', () => {
    expect(formatSize(840_000, 'en')).toBe('840 kB');
    expect(formatSize(3_412_000, 'en')).toBe('3.4 MB');
    expect(formatSize(3_412_000, 'de')).toBe('3,4 MB');
    expect(formatSize(3_412_000, 'es')).toBe('3,4 MB');
  });

  it('never says 0 kB for something stored', () => {
    expect(formatSize(12, 'en')).toBe('1 kB');
  });
});
