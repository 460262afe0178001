import { describe, expect, it } from 'vitest';
import { decodeTextFile } from './text-encoding.ts';
import { readTranscriptFile } from './transcript-file.ts';
import { readVocabularyFile } from './vocabulary-file.ts';

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

const HUNGARIAN =
  'speaker,line\nnarrator,A piacon\nanna,Kérek egy kiló szőlőt.\nbence,Tessék: „ŰRHAJÓ”\n';
const expected = [
  ['narrator', 'A piacon'],
  ['anna', 'Kérek egy kiló szőlőt.'],
  ['bence', 'Tessék: „ŰRHAJÓ”'],
];
const pairs = (file: ReturnType<typeof readTranscriptFile>) =>
  file.ok ? file.lines.map((l) => [l.speaker, l.text]) : file.reason;

describe('readTranscriptFile: encodings', () => {
  it.each([
    ['UTF-8', Buffer.from(HUNGARIAN), 'utf-8'],
    ['UTF-8 with BOM', Buffer.from(`\uFEFF${HUNGARIAN}`), 'utf-8'],
    ['UTF-16LE with BOM', utf16le(HUNGARIAN), 'utf-16le'],
    ['UTF-16LE without BOM', utf16le(HUNGARIAN, false), 'utf-16le'],
    ['UTF-16BE', utf16be(HUNGARIAN), 'utf-16be'],
    ['Windows-1250', cp1250(HUNGARIAN), 'windows-1250'],
    ['Windows-1250 with CRLF', cp1250(HUNGARIAN.replace(/\n/g, '\r\n')), 'windows-1250'],
  ])('returns every line of a %s file, decoded', (_label, bytes, encoding) => {
    const file = readTranscriptFile(bytes);
    expect(pairs(file)).toEqual(expected);
    expect(file).toMatchObject({ encoding });
  });

  it('returns the text in NFC even when the file has decomposed letters', () => {
    const file = readTranscriptFile(Buffer.from('speaker,line\nanna,Szőlő'.normalize('NFD')));
    expect(file.ok && file.lines[0]?.text).toBe('Szőlő');
  });

  it.each([
    [
      'Windows-1252 Spanish (ñ reads as ń in Windows-1250)',
      Buffer.from(
        [...'speaker,line,translation_es\nanna,Szia,Señor\n'].map((c) => c.charCodeAt(0)),
      ),
      /“ń”/,
    ],
    ['bytes Windows-1250 does not define', Buffer.from([0x61, 0x2c, 0x81, 0x82, 0x0a]), /neither/],
    [
      'UTF-8 saved again as Latin-1 (mojibake)',
      Buffer.from('speaker,line\nanna,szÅ‘lÅ‘\n'),
      /garbled/,
    ],
    [
      'a binary file',
      Buffer.from([0x73, 0x2c, 0x00, 0x01, 0x02, 0x41, 0x42, 0x0a]),
      /control|UTF-16/,
    ],
  ])('refuses %s whole, with the reason', (_label, bytes, reason) => {
    const file = readTranscriptFile(bytes);
    expect(file.ok).toBe(false);
    expect(file.ok ? '' : file.reason).toMatch(reason);
  });
});

describe('readTranscriptFile: formats', () => {
  it('returns the admin spec’s speaker,text lines without a header', () => {
    const file = readTranscriptFile(
      Buffer.from('narrator,A piacon\nANNA,"Hány óra van? 10:30"\nbence,Szia, Anna!\n'),
    );
    expect(file).toMatchObject({ format: 'speaker-text' });
    expect(pairs(file)).toEqual([
      ['narrator', 'A piacon'],
      ['anna', 'Hány óra van? 10:30'],
      ['bence', 'Szia, Anna!'],
    ]);
  });

  it('returns a speaker,text header file (the review page’s columns) with translations', () => {
    const file = readTranscriptFile(
      Buffer.from('speaker,text,translation_de\nanna,Szia!,Hallo!\nbence,Szia!,\n'),
    );
    expect(file).toMatchObject({ format: 'csv-text' });
    expect(file.ok && file.lines.map((l) => [l.text, l.translationDe, l.translationEn])).toEqual([
      ['Szia!', 'Hallo!', ''],
      ['Szia!', '', ''],
    ]);
  });

  it('returns the review editor’s SPEAKER: text lines, a time in the text kept', () => {
    const file = readTranscriptFile(
      Buffer.from('NARRATOR: A piacon.\n\nANNA: Hány óra van? 10:30\r\nBENCE: Fél tizenegy.'),
    );
    expect(file).toMatchObject({ format: 'speaker-colon' });
    expect(pairs(file)).toEqual([
      ['narrator', 'A piacon.'],
      ['anna', 'Hány óra van? 10:30'],
      ['bence', 'Fél tizenegy.'],
    ]);
  });

  it('returns the create flow’s speaker,line CSV with all three translations, semicolons too', () => {
    const file = readTranscriptFile(
      Buffer.from(
        'speaker;line;translation_en;translation_de;translation_es\nanna;Szia, Bence!;Hi, Bence!;Hallo, Bence!;¡Hola, Bence!\n',
      ),
    );
    expect(file).toMatchObject({
      ok: true,
      format: 'csv-line',
      lines: [
        {
          speaker: 'anna',
          text: 'Szia, Bence!',
          translationEn: 'Hi, Bence!',
          translationDe: 'Hallo, Bence!',
          translationEs: '¡Hola, Bence!',
        },
      ],
    });
  });

  it.each([
    ['a row without text', 'speaker,line\nanna,Szia\nbence,\nanna,Viszlát\n', 'row 3 has no line.'],
    [
      'a header without a text column',
      'speaker,words\nanna,Szia\n',
      'its header has no “line” or “text” column.',
    ],
    [
      'a speaker,text line without a comma',
      'anna,Szia\nJó napot\n',
      'line 2 is not “speaker,text”.',
    ],
    [
      'a SPEAKER: text line without a colon',
      'ANNA: Szia\nBENCE Szia\n',
      'line 2 is not “SPEAKER: text”.',
    ],
    ['an empty file', '\n\n', 'it has no lines.'],
  ])('refuses %s whole: never a partial transcript', (_label, text, reason) => {
    expect(readTranscriptFile(Buffer.from(text))).toEqual({ ok: false, reason });
  });
});

describe('readVocabularyFile', () => {
  it('returns German and Spanish meanings when the file has them, and core’s row issues', () => {
    const file = readVocabularyFile(
      cp1250(
        'word_hu,word_en,difficulty,word_de,word_es\nszőlő,grape,beginner,Traube,uva\nalma,apple,easy,Apfel,manzana\nkörte,pear,beginner,,\n',
      ),
    );
    expect(file).toMatchObject({ ok: true, encoding: 'windows-1250' });
    expect(file.ok && file.words).toEqual([
      { wordHu: 'szőlő', wordEn: 'grape', wordDe: 'Traube', wordEs: 'uva', difficulty: 'beginner' },
      { wordHu: 'körte', wordEn: 'pear', wordDe: '', wordEs: '', difficulty: 'beginner' },
    ]);
    expect(file.ok && file.issues.map((i) => i.message)).toEqual([
      "Row 3: Invalid difficulty 'easy'",
    ]);
  });

  it('returns the spec’s minimal three columns unchanged', () => {
    const file = readVocabularyFile(
      Buffer.from('word_hu,word_en,difficulty\nalma,apple,beginner\n'),
    );
    expect(file.ok && file.words).toEqual([
      { wordHu: 'alma', wordEn: 'apple', wordDe: '', wordEs: '', difficulty: 'beginner' },
    ]);
  });
});

describe('decodeTextFile', () => {
  it('returns invalid UTF-16 refused rather than decoded with replacement characters', () => {
    const broken = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from([0x00, 0xd8, 0x41, 0x00]),
    ]);
    expect(decodeTextFile(broken)).toMatchObject({ ok: false });
  });
});
