import { describe, expect, it } from 'vitest';
import { implausiblePace, syllables } from './pace.ts';

describe('line pace', () => {
  it.each([
    ['Jó napot!', 3],
    ['Köszönöm szépen.', 5],
    ['Hány óra van? 10.', 8],
    ['Ő az.', 2],
    ['Kőszívű'.normalize('NFD'), 3],
  ])('returns the syllables of %s', (text, count) => {
    expect(syllables(text)).toBe(count);
  });

  it('returns fast for a 42-character line given 0.66 s (the silence suggestions’ failure)', () => {
    const line = 'Egy kávét kérek, és egy pohár vizet is.'; // 12 syllables
    expect(implausiblePace(line, 10, 10.66)).toMatchObject({ verdict: 'fast', syllables: 12 });
  });

  it('returns slow for a two-syllable line stretched over another line’s time', () => {
    expect(implausiblePace('Igen.', 3, 6.5)).toMatchObject({ verdict: 'slow' });
  });

  it('returns null for lines spoken at normal, slow and brisk paces', () => {
    const line = 'Jó napot! Bence vagyok.'; // 7 syllables
    expect(implausiblePace(line, 0, 1.4)).toBeNull(); // 5 per second
    expect(implausiblePace(line, 0, 3.2)).toBeNull(); // slow version
    expect(implausiblePace(line, 0, 0.8)).toBeNull(); // 8.75 per second
    expect(implausiblePace('Jó.', 0, 1.5)).toBeNull(); // short line, under 2 s
  });

  it('returns null without syllables or duration', () => {
    expect(implausiblePace('…', 0, 2)).toBeNull();
    expect(implausiblePace('Igen', 2, 2)).toBeNull();
  });
});
