import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { parseQuery } from './parser.ts';
import { checkPatterns, likeRisk, regexRisk } from './patterns.ts';

describe('regexRisk', () => {
  it('refuses the issue’s pattern and the other forms that can run long', () => {
    expect(regexRisk('(.{0,60}){0,60}\\1y7')).toBe('repeats more than 20 times');
    expect(regexRisk('(.{0,9}){0,9}\\1y7')).toBe('nests quantifiers');
    expect(regexRisk('(a|b)\\1')).toBe('uses a back-reference');
    expect(regexRisk('(a*)*b')).toBe('nests quantifiers');
    expect(regexRisk('((a+)b)+')).toBe('nests quantifiers');
    expect(regexRisk('(?:x+y)*')).toBe('nests quantifiers');
    expect(regexRisk('(?=.*q).*z')).toBe('uses a lookaround or embedded options (?…)');
    expect(regexRisk('(?i)szia')).toBe('uses a lookaround or embedded options (?…)');
    expect(regexRisk('***=abc')).toBe('uses a director prefix (***)');
    expect(regexRisk('a{0,100}')).toBe('repeats more than 20 times');
    expect(regexRisk('x'.repeat(101))).toBe('is longer than 100 characters');
  });

  it('lets ordinary patterns through', () => {
    for (const pattern of [
      '^Szia',
      'vagy\\?$',
      '[[:alpha:]]+ok',
      '(jó|rossz) napot',
      '(ab)+c*',
      '\\d{1,4}-\\d{2}',
      'a.{0,20}b',
      '[)(*+]{2}',
      'x'.repeat(100),
    ]) {
      expect(regexRisk(pattern), pattern).toBeNull();
    }
  });
});

describe('likeRisk', () => {
  it('bounds length and wildcards', () => {
    expect(likeRisk('%szia%')).toBeNull();
    expect(likeRisk('%a'.repeat(11))).toBe('has more than 10 wildcards');
    expect(likeRisk('a'.repeat(101))).toBe('is longer than 100 characters');
  });
});

describe('checkPatterns', () => {
  const query = (search: string) => {
    const parsed = parseQuery(new URLSearchParams(search));
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };

  it('answers PostgREST’s 400 shape for a filter anywhere in the query', () => {
    for (const search of [
      'text_content=match.(.{0,60}){0,60}\\1y1',
      'text_content=imatch.(a*)*',
      'or=(id.eq.1,text_content.match."(a*)*")',
      'lesson_vocabulary.word_hu=match.(x*)*',
      'text_content=match(any).{ok,(a*)*}',
      `title=ilike.${'*a'.repeat(11)}`,
    ]) {
      let error: unknown = null;
      try {
        checkPatterns(query(search));
      } catch (caught) {
        error = caught;
      }
      expect(error, search).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).body).toMatchObject({ code: 'PGRST100', details: null });
    }
    expect(() => checkPatterns(query('title=ilike.*szia*&text_content=match.^Szia'))).not.toThrow();
  });
});
