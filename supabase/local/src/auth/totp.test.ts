import { describe, expect, it } from 'vitest';
import {
  matchTotp,
  newTotpSecret,
  qrSvg,
  totpCode,
  totpStep,
  totpUri,
  TOTP_PERIOD,
} from './totp.ts';

// RFC 6238 appendix B: SHA-1 with the ASCII secret "12345678901234567890", 8-digit codes. Our
// codes are 6 digits: the same HOTP value mod 10^6, i.e. the last six digits of each vector.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of "12345678901234567890"
const RFC_VECTORS: [seconds: number, eightDigits: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('totp', () => {
  it.each(RFC_VECTORS)('returns the RFC 6238 SHA-1 code at T=%i', (seconds, eight) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(eight.slice(2));
  });

  it('accepts a code one step early or late and names its step, refuses two steps off', () => {
    const at = 1_234_567_890_000;
    const code = totpCode(RFC_SECRET, at);
    const step = totpStep(at);
    expect(matchTotp(RFC_SECRET, code, at)).toBe(step);
    expect(matchTotp(RFC_SECRET, code, at + TOTP_PERIOD * 1000)).toBe(step);
    expect(matchTotp(RFC_SECRET, code, at - TOTP_PERIOD * 1000)).toBe(step);
    expect(matchTotp(RFC_SECRET, code, at + 2 * TOTP_PERIOD * 1000)).toBeNull();
    expect(matchTotp(RFC_SECRET, code, at - 2 * TOTP_PERIOD * 1000)).toBeNull();
  });

  it('refuses anything but six digits without comparing', () => {
    const at = 59_000;
    for (const code of ['', '28708', '2870822', ' 287082', '28708a', '２８７０８２']) {
      expect(matchTotp(RFC_SECRET, code, at)).toBeNull();
    }
    expect(matchTotp(RFC_SECRET, '287082', at)).toBe(1);
  });

  it('returns a fresh 160-bit base32 secret each time', () => {
    const a = newTotpSecret();
    const b = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(a).not.toBe(b);
  });

  it('returns an otpauth URI with issuer and account and an SVG QR code', () => {
    const uri = totpUri(RFC_SECRET, '127.0.0.1:54321', 'admin@magyarul.local');
    expect(uri).toBe(
      'otpauth://totp/127.0.0.1%3A54321:admin%40magyarul.local?algorithm=SHA1&digits=6' +
        '&issuer=127.0.0.1%3A54321&period=30&secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
    );
    const svg = qrSvg(uri);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });
});
