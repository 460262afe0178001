import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchAudioFiles } from './match.ts';

const word = (id: string, word_hu: string) => ({ id, word_hu });
const file = (name: string) => ({ name });

describe('matchAudioFiles', () => {
  it('returns pairs with the level that matched, strictest first', () => {
    const words = [
      word('1', 'alma'),
      word('2', 'Körte'),
      word('3', 'jó reggelt'),
      word('4', 'Viszontlátásra!'),
    ];
    const files = [
      file('viszontlátásra.wav'),
      file('jó-reggelt.mp3'),
      file('körte.mp3'),
      file('alma.mp3'),
    ];
    const result = matchAudioFiles(words, files);
    expect(result.matched.map((p) => [p.word.id, p.file.name, p.level])).toEqual([
      ['1', 'alma.mp3', 'exact'],
      ['2', 'körte.mp3', 'case-insensitive'],
      ['3', 'jó-reggelt.mp3', 'hyphenated'],
      ['4', 'viszontlátásra.wav', 'letters-only'],
    ]);
    expect(result.unmatchedWords).toEqual([]);
    expect(result.unmatchedFiles).toEqual([]);
    expect(result.ambiguities).toEqual([]);
  });

  it('returns matches for NFD file names as for NFC ones', () => {
    const words = [word('1', 'kőszívű'), word('2', 'Ödön'.normalize('NFD'))];
    const files = [file('kőszívű.mp3'.normalize('NFD')), file('ödön.mp3')];
    const result = matchAudioFiles(words, files);
    expect(result.matched.map((p) => p.level)).toEqual(['exact', 'case-insensitive']);
  });

  it('returns kor, kór and kör each with their own file, never accent-stripped', () => {
    const words = [word('a', 'kor'), word('b', 'kór'), word('c', 'kör')];
    const files = [file('KÖR.mp3'), file('kor.mp3'), file('kór.mp3')];
    const result = matchAudioFiles(words, files);
    expect(result.matched.map((p) => [p.word.word_hu, p.file.name])).toEqual([
      ['kor', 'kor.mp3'],
      ['kór', 'kór.mp3'],
      ['kör', 'KÖR.mp3'],
    ]);
  });

  it('returns no match for a word whose file lacks its accents', () => {
    const result = matchAudioFiles([word('1', 'kör')], [file('kor.mp3')]);
    expect(result.matched).toEqual([]);
    expect(result.unmatchedWords).toHaveLength(1);
    expect(result.unmatchedFiles).toHaveLength(1);
  });

  it('returns an ambiguity when several files fit one word at the same level', () => {
    const words = [word('1', 'alma')];
    const files = [file('ALMA.mp3'), file('Alma.wav')];
    const result = matchAudioFiles(words, files);
    expect(result.matched).toEqual([]);
    expect(result.ambiguities).toEqual([{ level: 'case-insensitive', key: 'alma', words, files }]);
    expect(result.unmatchedWords).toEqual(words);
    expect(result.unmatchedFiles).toEqual(files);
  });

  it('returns an ambiguity when one file fits several words', () => {
    const words = [word('1', 'jó estét'), word('2', 'Jó estét!')];
    const files = [file('jo estet.mp3'), file('jóestét.mp3')];
    const result = matchAudioFiles(words, files);
    expect(result.ambiguities).toHaveLength(1);
    expect(result.ambiguities[0]?.level).toBe('letters-only');
    expect(result.ambiguities[0]?.words).toEqual(words);
    expect(result.ambiguities[0]?.files).toEqual([files[1]]);
    expect(result.unmatchedFiles).toEqual(files);
  });

  it('returns an exact match before a looser level can call it ambiguous', () => {
    const words = [word('1', 'alma')];
    const files = [file('alma.mp3'), file('ALMA.mp3')];
    const result = matchAudioFiles(words, files);
    expect(result.matched.map((p) => p.file.name)).toEqual(['alma.mp3']);
    expect(result.unmatchedFiles.map((f) => f.name)).toEqual(['ALMA.mp3']);
    expect(result.ambiguities).toEqual([]);
  });

  it('returns unmatched words and files when names contain no letters', () => {
    const result = matchAudioFiles([word('1', '42')], [file('!!.mp3')]);
    expect(result.matched).toEqual([]);
    expect(result.unmatchedWords).toHaveLength(1);
    expect(result.unmatchedFiles).toHaveLength(1);
  });

  it('returns empty lists for empty input', () => {
    expect(matchAudioFiles([], [])).toEqual({
      matched: [],
      unmatchedWords: [],
      unmatchedFiles: [],
      ambiguities: [],
    });
  });

  it('returns a partition: every word and file appears exactly once, files never twice', () => {
    const letters = fc.constantFrom(
      'a',
      'á',
      'e',
      'é',
      'o',
      'ö',
      'ő',
      'u',
      'ű',
      'k',
      'r',
      ' ',
      'K',
    );
    const text = fc.string({ unit: letters, minLength: 1, maxLength: 5 });
    const form = fc.constantFrom('NFC', 'NFD');
    fc.assert(
      fc.property(
        fc.array(text, { maxLength: 15 }),
        fc.array(fc.tuple(text, form, fc.constantFrom('.mp3', '.WAV')), { maxLength: 20 }),
        (wordTexts, fileSpecs) => {
          const words = wordTexts.map((t, i) => word(String(i), t));
          const files = fileSpecs.map(([t, f, ext]) => file(`${t}${ext}`.normalize(f)));
          const result = matchAudioFiles(words, files);
          const matchedFiles = result.matched.map((p) => p.file);
          expect(new Set(matchedFiles).size).toBe(matchedFiles.length);
          const matchedWords = result.matched.map((p) => p.word);
          expect(new Set(matchedWords).size).toBe(matchedWords.length);
          expect(matchedFiles.length + result.unmatchedFiles.length).toBe(files.length);
          expect(matchedWords.length + result.unmatchedWords.length).toBe(words.length);
          for (const f of result.unmatchedFiles) expect(matchedFiles).not.toContain(f);
        },
      ),
    );
  });
});
