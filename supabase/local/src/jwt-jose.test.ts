import fc from 'fast-check';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt, type JwtClaims } from './jwt.ts';

// jwt.ts stays hand-written (node:crypto HMAC) because jose is async-only and signing and
// verifying happen in synchronous code paths (see the README's dependency notes). jose is the
// reference here: what one signs the other verifies, and what one refuses the other refuses.

const SECRET = 'jose-oracle-secret-0123456789abcdefghij';
const KEY = new TextEncoder().encode(SECRET);
const NOW = 1_700_000_000;

const claimsArb: fc.Arbitrary<JwtClaims> = fc.record(
  {
    sub: fc.uuid(),
    role: fc.constantFrom('anon', 'authenticated', 'service_role'),
    exp: fc.integer({ min: NOW + 60, max: NOW + 86_400 }),
    iat: fc.integer({ min: NOW - 86_400, max: NOW }),
    session_id: fc.uuid(),
    email: fc.string(),
    user_metadata: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
  },
  { requiredKeys: ['sub', 'role', 'exp'] },
);

const verifyWithJose = async (token: string): Promise<JwtClaims | null> => {
  try {
    const { payload } = await jwtVerify(token, KEY, {
      algorithms: ['HS256'],
      currentDate: new Date(NOW * 1000),
      clockTolerance: 30,
    });
    return payload as JwtClaims;
  } catch {
    return null;
  }
};

describe('jwt.ts against jose', () => {
  it('returns, from jose, the claims of every token signJwt makes', async () => {
    await fc.assert(
      fc.asyncProperty(claimsArb, async (claims) => {
        expect(await verifyWithJose(signJwt(claims, SECRET))).toEqual(claims);
      }),
    );
  });

  it('returns, from verifyJwt, the claims of every token jose signs', async () => {
    await fc.assert(
      fc.asyncProperty(claimsArb, async (claims) => {
        const token = await new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .sign(KEY);
        expect(verifyJwt(token, SECRET, NOW)).toEqual({ ok: true, claims });
      }),
    );
  });

  it('returns a refusal from both for a changed byte, another secret, an expired token or alg none', async () => {
    await fc.assert(
      fc.asyncProperty(claimsArb, fc.nat(), fc.nat(), async (claims, at, bit) => {
        const token = signJwt(claims, SECRET);
        const i = at % token.length;
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const swapped = alphabet[(alphabet.indexOf(token[i] ?? 'A') + 1 + (bit % 63)) % 64];
        const tampered = `${token.slice(0, i)}${token[i] === '.' ? '.' : swapped}${token.slice(i + 1)}`;
        if (tampered === token) return;
        const ours = verifyJwt(tampered, SECRET, NOW).ok;
        const theirs = (await verifyWithJose(tampered)) !== null;
        // A changed last character may only touch the base64url padding bits of the signature.
        if (ours || theirs) expect(ours).toBe(theirs);
        else expect(ours).toBe(false);
      }),
    );
    const other = signJwt({ sub: 'x', exp: NOW + 60 }, 'another-secret-0123456789abcdefghijk');
    expect(verifyJwt(other, SECRET, NOW).ok).toBe(false);
    expect(await verifyWithJose(other)).toBeNull();
    const expired = signJwt({ sub: 'x', exp: NOW - 31 }, SECRET);
    expect(verifyJwt(expired, SECRET, NOW)).toMatchObject({
      ok: false,
      error: { code: 'expired' },
    });
    expect(await verifyWithJose(expired)).toBeNull();
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x"}').toString('base64url')}.`;
    expect(verifyJwt(none, SECRET, NOW).ok).toBe(false);
    expect(await verifyWithJose(none)).toBeNull();
  });
});
