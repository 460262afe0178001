import { describe, expect, it } from 'vitest';
import { parseTranscriptCsv, parseVocabularyCsv } from './create-flow.ts';

const messages = (result: { issues: readonly { message: string }[] }) =>
  result.issues.map((i) => i.message);

describe('create-flow CSV validation', () => {
  it.each(['', '\n\n', 'word_hu,word_en,difficulty', 'word_hu,word_en,difficulty\n,,\n'])(
    'returns the header + data rows message for %j',
    (text) => {
      const result = parseVocabularyCsv(text);
      expect(messages(result)).toEqual(['CSV must have header + data rows']);
      expect(result.issues[0]?.row).toBeNull();
      expect(result.items).toEqual([]);
    },
  );

  it('returns the missing columns in the spec order', () => {
    expect(messages(parseVocabularyCsv('hungarian,english\nalma,apple'))).toEqual([
      'Missing columns: word_hu, word_en, difficulty',
    ]);
    expect(messages(parseTranscriptCsv('Speaker,text\nanna,Szia'))).toEqual([
      'Missing columns: line',
    ]);
  });

  it('returns headers matched case-insensitively, quoted, in any order, with extras', () => {
    const result = parseVocabularyCsv(
      '"Difficulty",notes,WORD_EN,Word_HU\nbeginner,x,apple,alma\n',
    );
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([
      { row: 2, word_hu: 'alma', word_en: 'apple', difficulty: 'beginner' },
    ]);
  });

  it('returns one issue per bad row and keeps going', () => {
    const result = parseVocabularyCsv(
      [
        'word_hu,word_en,difficulty',
        'alma,apple,beginner',
        ',pear,beginner',
        'kutya,,',
        'macska,cat,Expert',
        'ház,house,  ADVANCED ',
        '',
        'víz,water,medium',
      ].join('\r\n'),
    );
    expect(messages(result)).toEqual([
      'Row 3: Missing word_hu',
      'Row 4: Missing word_en, difficulty',
      "Row 5: Invalid difficulty 'Expert'",
      "Row 8: Invalid difficulty 'medium'",
    ]);
    expect(result.issues.map((i) => [i.code, i.row])).toEqual([
      ['missing-cells', 3],
      ['missing-cells', 4],
      ['invalid-difficulty', 5],
      ['invalid-difficulty', 8],
    ]);
    expect(result.items).toEqual([
      { row: 2, word_hu: 'alma', word_en: 'apple', difficulty: 'beginner' },
      { row: 6, word_hu: 'ház', word_en: 'house', difficulty: 'advanced' },
    ]);
  });

  it('returns a word with an unknown difficulty kept as asked, its issue still reported', () => {
    const csv = 'word_hu,word_en,difficulty\nalma,apple,beginner\nmacska,cat,Expert\n';
    expect(parseVocabularyCsv(csv).items.map((w) => w.word_hu)).toEqual(['alma']);
    const kept = parseVocabularyCsv(csv, { unknownDifficulty: 'beginner' });
    expect(kept.items.map((w) => [w.word_hu, w.difficulty])).toEqual([
      ['alma', 'beginner'],
      ['macska', 'beginner'],
    ]);
    expect(messages(kept)).toEqual(["Row 3: Invalid difficulty 'Expert'"]);
  });

  it('returns the optional German and Spanish meanings, null for an empty cell', () => {
    const result = parseVocabularyCsv(
      'word_hu,word_en,difficulty,word_de,word_es\nalma,apple,beginner,Apfel,manzana\nkörte,pear,beginner,,pera\n',
    );
    expect(result.issues).toEqual([]);
    expect(result.items).toEqual([
      {
        row: 2,
        word_hu: 'alma',
        word_en: 'apple',
        difficulty: 'beginner',
        word_de: 'Apfel',
        word_es: 'manzana',
      },
      {
        row: 3,
        word_hu: 'körte',
        word_en: 'pear',
        difficulty: 'beginner',
        word_de: null,
        word_es: 'pera',
      },
    ]);
  });

  it('returns only the columns the file has: a German column alone adds word_de only', () => {
    const [word] = parseVocabularyCsv(
      'word_de,word_hu,word_en,difficulty\nHund,kutya,dog,beginner\n',
    ).items;
    expect(word).toEqual({
      row: 2,
      word_hu: 'kutya',
      word_en: 'dog',
      difficulty: 'beginner',
      word_de: 'Hund',
    });
    const [plain] = parseVocabularyCsv('word_hu,word_en,difficulty\nkutya,dog,beginner\n').items;
    expect(plain && Object.keys(plain)).toEqual(['row', 'word_hu', 'word_en', 'difficulty']);
  });

  it('returns a quoted comma inside a line of dialogue intact', () => {
    const result = parseTranscriptCsv(
      'speaker,line\nANNA,"Szia, Bence! Mit csinálsz?"\nbence,"Azt mondta: ""Jó napot!"""\n',
    );
    expect(result.items).toEqual([
      { row: 2, speaker: 'anna', line: 'Szia, Bence! Mit csinálsz?' },
      { row: 3, speaker: 'bence', line: 'Azt mondta: "Jó napot!"' },
    ]);
  });

  it('returns missing transcript cells by row', () => {
    expect(messages(parseTranscriptCsv('speaker,line\nanna,\n,Szia\nbence,Helló'))).toEqual([
      'Row 2: Missing line',
      'Row 3: Missing speaker',
    ]);
  });

  it('returns a quoted multi-line cell as one record', () => {
    const result = parseTranscriptCsv('speaker,line\nanna,"első sor\nmásodik sor"\nbence,ok\n');
    expect(result.items.map((i) => i.line)).toEqual(['első sor\nmásodik sor', 'ok']);
  });
});
