import { describe, expect, it } from 'vitest';
import { checkLine } from './dictation.ts';

const statuses = (typed: string, line: string) =>
  checkLine(typed, line).words.map((w) => `${w.status}:${w.expected ?? ''}/${w.typed ?? ''}`);

describe('checkLine', () => {
  it('returns right for the line typed without its punctuation, in any case', () => {
    const check = checkLine('jó napot bence vagyok', 'Jó napot! Bence vagyok.');
    expect(check.right).toBe(true);
    expect(check.rightCount).toBe(4);
    expect(checkLine('JÓ NAPOT, BENCE VAGYOK!!', 'Jó napot! Bence vagyok.').right).toBe(true);
    expect(checkLine('Jó napot!Bence vagyok', 'Jó napot! Bence vagyok.').right).toBe(true);
  });

  it('returns a near miss word with its difference, the other words right', () => {
    const check = checkLine('Jo napot! Bence vagyok.', 'Jó napot! Bence vagyok.');
    expect(check.right).toBe(false);
    expect(check.words[0]).toMatchObject({
      status: 'nearMiss',
      expected: 'Jó',
      typed: 'Jo',
      differences: [{ kind: 'missingAccent', params: { expected: 'ó', typed: 'o' } }],
    });
    expect(check.words.slice(1).map((w) => w.status)).toEqual(['right', 'right', 'right']);
  });

  it('returns missing and extra words where they belong', () => {
    expect(statuses('jó napot vagyok', 'Jó napot! Bence vagyok.')).toEqual([
      'right:Jó/jó',
      'right:napot/napot',
      'missing:Bence/',
      'right:vagyok/vagyok',
    ]);
    expect(statuses('jó jó napot bence vagyok most', 'Jó napot! Bence vagyok.')).toEqual([
      'extra:/jó',
      'right:Jó/jó',
      'right:napot/napot',
      'right:Bence/bence',
      'right:vagyok/vagyok',
      'extra:/most',
    ]);
    expect(checkLine('jó napot bence vagyok most', 'Jó napot! Bence vagyok.').right).toBe(false);
  });

  it('returns a wrong word paired with the word it replaced', () => {
    expect(statuses('Köszönöm, rosszul. És ön?', 'Köszönöm, jól. És ön?')).toEqual([
      'right:Köszönöm/Köszönöm',
      'wrong:jól/rosszul',
      'right:És/És',
      'right:ön/ön',
    ]);
  });

  it('returns every word missing for a blank answer, and never right for an empty line', () => {
    expect(statuses('', 'Hogy van?')).toEqual(['missing:Hogy/', 'missing:van/']);
    expect(checkLine('', '').right).toBe(false);
    expect(checkLine('...', '?!').words).toEqual([]);
  });

  it('returns words with inner hyphens and apostrophes whole, NFD typing accepted', () => {
    expect(checkLine('a Kossuth-díj', 'A Kossuth-díj.').right).toBe(true);
    expect(checkLine('Ön magyar?'.normalize('NFD'), 'Ön magyar?').right).toBe(true);
  });
});
