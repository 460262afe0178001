import { parseVocabularyCsv, readTranscript } from '@magyarul/core/csv';
import { describe, expect, it } from 'vitest';
import { readTranscriptFile, readVocabularyFile } from './lesson-files.ts';

// The studio's lesson files read by core's readers, the web admin's: the same bytes give the
// same lines and words, and what is wrong comes back as core's catalogue keys.

const utf16le = (text: string, bom = true) =>
  Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) => {
  const le = Buffer.from(text, 'utf16le');
  for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1] ?? 0, le[i] ?? 0];
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le]);
};
/** Windows-1250 bytes (the Hungarian letters differ from Latin-1: ő 0xF5, ű 0xFB, Ő 0xD5, Ű 0xDB). */
const cp1250 = (text: string) =>
  Buffer.from(
    [...text].map(
      (ch) =>
        ({ ő: 0xf5, ű: 0xfb, Ő: 0xd5, Ű: 0xdb, '„': 0x84, '”': 0x94 })[ch] ??
        (ch.charCodeAt(0) < 256 ? ch.charCodeAt(0) : 0x3f),
    ),
  );
/** Windows-1252 bytes: Latin-1 for these letters (ñ 0xF1, ¿ 0xBF, ó 0xF3). */
const cp1252 = (text: string) => Buffer.from([...text].map((ch) => ch.charCodeAt(0)));

const HUNGARIAN =
  'speaker,line\nnarrator,A piacon\nanna,Kérek egy kiló szőlőt.\nbence,Tessék: „ŰRHAJÓ”\n';
const expected = [
  ['narrator', 'A piacon'],
  ['anna', 'Kérek egy kiló szőlőt.'],
  ['bence', 'Tessék: „ŰRHAJÓ”'],
];
const pairs = (bytes: Uint8Array) =>
  readTranscriptFile(bytes).rows?.map((l) => [l.speaker, l.text]);
const keys = (bytes: Uint8Array) =>
  readTranscriptFile(bytes).issues.map((i) => ({ key: i.key, params: i.params }));

describe('a transcript file in the studio and in core', () => {
  it('returns the Windows-1252 Spanish CSV read the same by both', () => {
    const bytes = cp1252('anna,"Señor, ¿habla español?"\r\nbence,Sí.\r\n');
    const core = readTranscript(bytes);
    const studio = readTranscriptFile(bytes);
    expect(core.encoding).toBe('windows-1252');
    expect(core.issues).toEqual([]);
    expect(studio.issues).toEqual([]);
    expect(studio.rows).toEqual(
      core.items.map((line) => ({
        speaker: line.speaker,
        text: line.text_content,
        translationEn: '',
        translationDe: '',
        translationEs: '',
      })),
    );
    expect(pairs(bytes)).toEqual([
      ['anna', 'Señor, ¿habla español?'],
      ['bence', 'Sí.'],
    ]);
  });

  it.each([
    ['UTF-8', Buffer.from(HUNGARIAN)],
    ['UTF-8 with BOM', Buffer.from(`\uFEFF${HUNGARIAN}`)],
    ['UTF-16LE with BOM', utf16le(HUNGARIAN)],
    ['UTF-16LE without BOM', utf16le(HUNGARIAN, false)],
    ['UTF-16BE', utf16be(HUNGARIAN)],
    ['Windows-1250', cp1250(HUNGARIAN)],
    ['Windows-1250 with CRLF', cp1250(HUNGARIAN.replace(/\n/g, '\r\n'))],
  ])('returns every line of a %s file, decoded', (_label, bytes) => {
    expect(pairs(bytes)).toEqual(expected);
  });

  it('returns the text in NFC even when the file has decomposed letters', () => {
    const read = readTranscriptFile(Buffer.from('speaker,line\nanna,Szőlő'.normalize('NFD')));
    expect(read.rows?.[0]?.text).toBe('Szőlő');
  });

  it('returns the admin spec’s speaker,text lines without a header, commas kept in the text', () => {
    expect(
      pairs(Buffer.from('narrator,A piacon\nANNA,"Hány óra van? 10:30"\nbence,Szia, Anna!\n')),
    ).toEqual([
      ['narrator', 'A piacon'],
      ['anna', 'Hány óra van? 10:30'],
      ['bence', 'Szia, Anna!'],
    ]);
  });

  it('returns a speaker,text header file (the review page’s columns) with translations', () => {
    const read = readTranscriptFile(
      Buffer.from('speaker,text,translation_de\nanna,Szia!,Hallo!\nbence,Szia!,\n'),
    );
    expect(read.rows?.map((l) => [l.text, l.translationDe, l.translationEn])).toEqual([
      ['Szia!', 'Hallo!', ''],
      ['Szia!', '', ''],
    ]);
  });

  it('returns the review editor’s SPEAKER: text lines, a time in the text kept', () => {
    expect(
      pairs(
        Buffer.from('NARRATOR: A piacon.\n\nANNA: Hány óra van? 10:30\r\nBENCE: Fél tizenegy.'),
      ),
    ).toEqual([
      ['narrator', 'A piacon.'],
      ['anna', 'Hány óra van? 10:30'],
      ['bence', 'Fél tizenegy.'],
    ]);
  });

  it('returns the create flow’s speaker,line CSV with all three translations, semicolons too', () => {
    const read = readTranscriptFile(
      Buffer.from(
        'speaker;line;translation_en;translation_de;translation_es\nanna;Szia, Bence!;Hi, Bence!;Hallo, Bence!;¡Hola, Bence!\n',
      ),
    );
    expect(read.rows).toEqual([
      {
        speaker: 'anna',
        text: 'Szia, Bence!',
        translationEn: 'Hi, Bence!',
        translationDe: 'Hallo, Bence!',
        translationEs: '¡Hola, Bence!',
      },
    ]);
  });

  it.each([
    [
      'a row without text',
      Buffer.from('speaker,line\nanna,Szia\nbence,\nanna,Viszlát\n'),
      [{ key: 'csv.rowMissing', params: { n: 3, fields: 'line' } }],
    ],
    [
      'a header without a text column',
      Buffer.from('speaker,words\nanna,Szia\n'),
      [{ key: 'csv.missingColumns', params: { columns: 'line' } }],
    ],
    [
      'a SPEAKER: text line without a colon',
      Buffer.from('ANNA: Szia\nBENCE Szia\n'),
      [{ key: 'transcript.lineExpected', params: { n: 2 } }],
    ],
    [
      'a voice the lessons do not have',
      Buffer.from('speaker,line\nkaroly,Szia\n'),
      [{ key: 'csv.rowUnknownSpeaker', params: { n: 2, value: 'karoly' } }],
    ],
    [
      'UTF-8 saved again as Latin-1 (mojibake)',
      Buffer.from('speaker,line\nanna,szÅ‘lÅ‘\n'),
      [{ key: 'csv.rowMojibake', params: { n: 2, value: 'szÅ‘lÅ‘' } }],
    ],
    [
      'bytes in no one code page (ő of Windows-1250 beside ñ of Windows-1252)',
      Buffer.from([...'anna,ő ñ\n'].map((c) => ({ ő: 0xf5, ñ: 0xf1 })[c] ?? c.charCodeAt(0))),
      [{ key: 'csv.unknownEncoding', params: {} }],
    ],
  ])('refuses %s whole, naming it by core’s catalogue key', (_label, bytes, expectedKeys) => {
    expect(readTranscriptFile(bytes).rows).toBeNull();
    expect(keys(bytes)).toEqual(expectedKeys);
  });
});

describe('a vocabulary file in the studio and in core', () => {
  it('returns German and Spanish meanings of a Windows-1250 file, a word with a bad difficulty kept, and core’s row issues by key', () => {
    const bytes = cp1250(
      'word_hu,word_en,difficulty,word_de,word_es\nszőlő,grape,beginner,Traube,uva\nalma,apple,easy,Apfel,manzana\nkörte,pear,beginner,,\n',
    );
    const read = readVocabularyFile(bytes);
    // "easy" is no level: the word stays (as a beginner's word, its issue says which row), for
    // the author to set its difficulty in the studio; nothing is lost to a typo.
    expect(read.rows).toEqual([
      { wordHu: 'szőlő', wordEn: 'grape', wordDe: 'Traube', wordEs: 'uva', difficulty: 'beginner' },
      {
        wordHu: 'alma',
        wordEn: 'apple',
        wordDe: 'Apfel',
        wordEs: 'manzana',
        difficulty: 'beginner',
      },
      { wordHu: 'körte', wordEn: 'pear', wordDe: '', wordEs: '', difficulty: 'beginner' },
    ]);
    expect(read.issues.map((i) => ({ key: i.key, params: i.params }))).toEqual([
      { key: 'csv.rowInvalidDifficulty', params: { n: 3, value: 'easy' } },
    ]);
    expect(read.rows?.map((w) => w.wordHu)).toEqual(
      parseVocabularyCsv(bytes, { unknownDifficulty: 'beginner' }).items.map((w) => w.word_hu),
    );
  });

  it('returns the spec’s minimal three columns unchanged', () => {
    expect(
      readVocabularyFile(Buffer.from('word_hu,word_en,difficulty\nalma,apple,beginner\n')).rows,
    ).toEqual([
      { wordHu: 'alma', wordEn: 'apple', wordDe: '', wordEs: '', difficulty: 'beginner' },
    ]);
  });

  it('refuses whole a file in no encoding core reads', () => {
    const broken = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from([0x00, 0xd8, 0x41, 0x00]),
    ]);
    const read = readVocabularyFile(broken);
    expect(read.rows).toBeNull();
    expect(read.issues.map((i) => i.key)).toEqual(['csv.unknownEncoding']);
  });
});
