import { describe, expect, it } from 'vitest';
import { buildOptions } from './options.ts';
import { mulberry32 } from './random.ts';

describe('buildOptions', () => {
  it('returns four distinct options with exactly one correct carrying the audio', () => {
    const options = buildOptions(
      'kör',
      'https://a/kör.mp3',
      [['kor', 'kór', 'kör', 'kar']],
      mulberry32(1),
    );
    expect(options).toHaveLength(4);
    expect(new Set(options.map((o) => o.text)).size).toBe(4);
    expect(options.filter((o) => o.isCorrect)).toEqual([
      { text: 'kör', isCorrect: true, audioUrl: 'https://a/kör.mp3' },
    ]);
    expect(options.filter((o) => o.audioUrl !== undefined)).toHaveLength(1);
  });

  it('returns NFD candidates equal to the answer treated as the same text', () => {
    const options = buildOptions(
      'kör',
      null,
      [['kör'.normalize('NFD'), 'a', 'b', 'c']],
      mulberry32(2),
    );
    expect(options.map((o) => o.text).sort()).toEqual(['a', 'b', 'c', 'kör']);
    expect(options.find((o) => o.isCorrect)).toEqual({ text: 'kör', isCorrect: true });
  });

  it('returns distractors from later lists only when earlier ones run out', () => {
    const options = buildOptions(
      'x',
      null,
      [
        ['a', '', ' '],
        ['b', 'a'],
        ['c', 'd', 'e'],
      ],
      mulberry32(3),
    );
    const texts = options.filter((o) => !o.isCorrect).map((o) => o.text);
    expect(texts).toContain('a');
    expect(texts).toContain('b');
    expect(texts).toHaveLength(3);
  });

  it('throws when no three distinct distractors exist', () => {
    expect(() => buildOptions('x', null, [['x', 'y', 'y']], mulberry32(4))).toThrow(
      'Not enough distinct distractors',
    );
  });
});
