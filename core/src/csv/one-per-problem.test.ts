import { describe, expect, it } from 'vitest';
import { parseVocabularyCsv } from './create-flow.ts';
import { onePerProblem, rowRanges } from './one-per-problem.ts';

// A UTF-8 file that already holds replacement characters where ö, ő, ű were (text once read in
// the wrong encoding by another program and saved again): every such row is reported.
const replaced = (text: string) => new TextEncoder().encode(text.replace(/[öőű]/g, '\uFFFD'));

describe('one message per CSV problem', () => {
  it('returns row numbers as ranges', () => {
    expect(rowRanges([2, 3, 4, 5, 6])).toBe('2–6');
    expect(rowRanges([9, 2, 4, 8, 7])).toBe('2, 4, 7–9');
    expect(rowRanges([3])).toBe('3');
    expect(rowRanges([])).toBe('');
  });

  it('returns one issue for a file of replacement characters instead of one per row', () => {
    const parsed = parseVocabularyCsv(
      replaced(
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
