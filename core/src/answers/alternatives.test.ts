import { describe, expect, it } from 'vitest';
import { acceptedAnswers, typedKeys, withoutArticle } from './alternatives.ts';

describe('acceptedAnswers', () => {
  it.each([
    ['kávé', [{ text: 'kávé', forms: ['kávé'] }]],
    ['a kávé', [{ text: 'a kávé', forms: ['a kávé', 'kávé'] }]],
    ['az alma', [{ text: 'az alma', forms: ['az alma', 'alma'] }]],
    ['egy', [{ text: 'egy', forms: ['egy'] }]],
    ['kér (vmit)', [{ text: 'kér (vmit)', forms: ['kér', 'kér vmit'] }]],
    ['(el)megy', [{ text: '(el)megy', forms: ['megy', 'elmegy'] }]],
    [
      'szia, helló',
      [
        { text: 'szia', forms: ['szia'] },
        { text: 'helló', forms: ['helló'] },
      ],
    ],
    [
      'megy / jön; fut',
      [
        { text: 'megy', forms: ['megy'] },
        { text: 'jön', forms: ['jön'] },
        { text: 'fut', forms: ['fut'] },
      ],
    ],
    ['vár (vkit, vmit)', [{ text: 'vár (vkit, vmit)', forms: ['vár', 'vár vkit, vmit'] }]],
    ['jó napot!', [{ text: 'jó napot!', forms: ['jó napot'] }]],
    [' , ; / ', []],
    ['szia, Szia', [{ text: 'szia', forms: ['szia'] }]],
  ])('returns for %j the headwords and forms %j', (field, expected) => {
    expect(acceptedAnswers(field)).toEqual(expected);
  });

  it('returns NFC forms from an NFD field', () => {
    expect(acceptedAnswers('a kávé'.normalize('NFD'))).toEqual([
      { text: 'a kávé', forms: ['a kávé', 'kávé'] },
    ]);
  });

  it('returns at most four parenthesised groups expanded', () => {
    const [word] = acceptedAnswers('x(a)x(b)x(c)x(d)x(e)x');
    expect(word?.forms).toHaveLength(16);
    expect(word?.forms).toContain('xxxxx(e)x');
    expect(word?.forms).toContain('xaxbxcxdx(e)x');
  });

  it('returns the answer without a leading article, never a lone article', () => {
    expect(withoutArticle('a kávé')).toBe('kávé');
    expect(withoutArticle('Az alma')).toBe('alma');
    expect(withoutArticle('a')).toBeNull();
    expect(withoutArticle('ablak nyitva')).toBeNull();
    expect(typedKeys(' A Kávé! ')).toEqual(['a kávé', 'kávé']);
    expect(typedKeys('kávé')).toEqual(['kávé']);
  });
});
