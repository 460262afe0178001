import { describe, expect, it } from 'vitest';
import { normalizeCode } from './mfa-api.ts';

describe('normalizeCode', () => {
  it('returns six digits, spaces removed, and null for anything else', () => {
    expect(normalizeCode('123456')).toBe('123456');
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    for (const bad of ['', '12345', '1234567', '12345a', '１２３４５６']) {
      expect(normalizeCode(bad)).toBeNull();
    }
  });
});
