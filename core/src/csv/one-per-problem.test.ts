import { describe, expect, it } from 'vitest';
import { parseVocabularyCsv } from './create-flow.ts';
import { onePerProblem, rowRanges } from './one-per-problem.ts';

// Windows-1250 bytes of ö, ő, ű (what Excel on a Hungarian Windows saves as "CSV").
const windows1250 = (text: string) =>
  Uint8Array.from([...text].map((c) => ({ ö: 0xf6, ő: 0xf5, ű: 0xfb })[c] ?? c.charCodeAt(0)));

describe('one message per CSV problem', () => {
  it('returns row numbers as ranges', () => {
    expect(rowRanges([2, 3, 4, 5, 6])).toBe('2–6');
    expect(rowRanges([9, 2, 4, 8, 7])).toBe('2, 4, 7–9');
    expect(rowRanges([3])).toBe('3');
    expect(rowRanges([])).toBe('');
  });

  it('returns one issue for a Windows-1250 file instead of one per row', () => {
    const parsed = parseVocabularyCsv(
      windows1250(
        'word_hu,word_en,difficulty\nkönyv,book,beginner\nőszi,autumnal,beginner\nűr,space,advanced\nfű,grass,beginner\ntűz,fire,beginner\n',
      ),
    );
    expect(parsed.items).toEqual([]);
    expect(parsed.issues).toHaveLength(5);
    const issues = onePerProblem(parsed.issues);
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toBe(
      'Rows 2–6: The file is not UTF-8 text (for example Windows-1250). Save it as "CSV UTF-8" and upload again.',
    );
  });

  it('returns other issues as they are, each once', () => {
    const parsed = parseVocabularyCsv(
      new TextEncoder().encode(
        'word_hu,word_en,difficulty\nalma,,beginner\nkörte,pear,easy\nszilva,plum,hard\n',
      ),
    );
    const issues = onePerProblem([...parsed.issues, ...parsed.issues]);
    expect(issues.map((i) => i.message)).toEqual([
      'Row 2: Missing word_en',
      "Row 3: Invalid difficulty 'easy'",
      "Row 4: Invalid difficulty 'hard'",
    ]);
  });
});
