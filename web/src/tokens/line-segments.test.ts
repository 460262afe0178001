import { describe, expect, it } from 'vitest';
import { tokenize } from '@magyarul/core/tokens';
import { token } from './fixture.test-support.ts';
import { lineSegments } from './line-segments.ts';

function tokensOf(text: string) {
  return tokenize(text).map((word) =>
    token({ text: word.text, position: word.position, char_start: word.start, char_end: word.end }),
  );
}

const rendered = (segments: ReturnType<typeof lineSegments>) =>
  segments.map((s) => (s.kind === 'word' ? `[${s.token.text}]` : s.text)).join('');

describe('a line cut into words', () => {
  it('keeps everything between the words as written', () => {
    const text = '„Szia, Bence!” – Hogy vagy?';
    expect(rendered(lineSegments(text, tokensOf(text)))).toBe(
      '„[Szia], [Bence]!” – [Hogy] [vagy]?',
    );
  });

  it('keeps hyphenated words, numbers and accented letters whole (NFC)', () => {
    const text = 'A Duna-parton 10:30-kor, 1.500 forintért.';
    expect(rendered(lineSegments(text, tokensOf(text)))).toBe(
      '[A] [Duna-parton] [10:30-kor], [1.500] [forintért].',
    );
    const decomposed = 'ke\u0301rek'; // "kérek" written with a combining accent
    expect(rendered(lineSegments(decomposed, tokensOf(decomposed)))).toBe('[kérek]');
  });

  it('renders a stale token (not the text at its offsets) as plain text', () => {
    const text = 'Kérek egy kávét.';
    const stale = [
      token({ text: 'Kérem', char_start: 0, char_end: 5 }),
      ...tokensOf(text).slice(1),
    ];
    expect(rendered(lineSegments(text, stale))).toBe('Kérek [egy] [kávét].');
    expect(rendered(lineSegments(text, undefined))).toBe(text);
  });

  it('gives each word its index in the line’s tokens', () => {
    const text = 'Igen, kérek.';
    const segments = lineSegments(text, tokensOf(text));
    expect(segments.flatMap((s) => (s.kind === 'word' ? [s.index] : []))).toEqual([0, 1]);
  });
});
