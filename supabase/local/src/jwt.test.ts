import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt, VERIFIED_TOKENS_LIMIT } from './jwt.ts';

// verifyJwt remembers tokens whose signature it has checked; these pin down that remembering
// never accepts anything the full check would refuse.

const SECRET = 'jwt-test-secret-0123456789abcdefghijkl';

describe('verifyJwt', () => {
  it('returns the same claims on every use, as a copy the caller may change', () => {
    const token = signJwt({ sub: 'u1', role: 'authenticated', exp: 2_000 }, SECRET);
    const first = verifyJwt(token, SECRET, 1_000);
    expect(first).toEqual({ ok: true, claims: { sub: 'u1', role: 'authenticated', exp: 2_000 } });
    if (first.ok) first.claims.role = 'service_role';
    expect(verifyJwt(token, SECRET, 1_000)).toEqual({
      ok: true,
      claims: { sub: 'u1', role: 'authenticated', exp: 2_000 },
    });
  });

  it('returns expired and not-yet-valid for a remembered token once its time has passed or not come', () => {
    const token = signJwt({ sub: 'u2', exp: 2_000, nbf: 1_000 }, SECRET);
    expect(verifyJwt(token, SECRET, 1_500).ok).toBe(true);
    expect(verifyJwt(token, SECRET, 2_031)).toEqual({
      ok: false,
      error: { code: 'expired', message: 'JWT expired' },
    });
    expect(verifyJwt(token, SECRET, 900)).toEqual({
      ok: false,
      error: { code: 'not_yet_valid', message: 'JWT not yet valid' },
    });
  });

  it('returns a bad signature for a remembered token checked against another secret, or altered', () => {
    const token = signJwt({ sub: 'u3', role: 'authenticated' }, SECRET);
    expect(verifyJwt(token, SECRET).ok).toBe(true);
    expect(verifyJwt(token, `${SECRET}-rotated`)).toMatchObject({
      ok: false,
      error: { code: 'bad_signature' },
    });
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'u3', role: 'service_role' })).toString('base64url')}.${signature}`;
    expect(verifyJwt(forged, SECRET)).toMatchObject({
      ok: false,
      error: { code: 'bad_signature' },
    });
    expect(verifyJwt(`${token}x`, SECRET).ok).toBe(false);
  });

  it('returns correct answers after more distinct tokens than it remembers', () => {
    const tokens = Array.from({ length: VERIFIED_TOKENS_LIMIT + 5 }, (_, i) =>
      signJwt({ sub: `user-${i}` }, SECRET),
    );
    for (const token of tokens) expect(verifyJwt(token, SECRET).ok).toBe(true);
    const again = verifyJwt(tokens[0] ?? '', SECRET);
    expect(again.ok && again.claims.sub).toBe('user-0');
    expect(verifyJwt(tokens[1] ?? '', 'another-secret-0123456789abcdefghijkl').ok).toBe(false);
  });
});
