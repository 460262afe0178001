import { describe, expect, it } from 'vitest';
import { assignFile, fileForWord, unassignFile } from './manual.ts';
import { matchAudioFiles } from './match.ts';

const alma = { id: 'w1', word_hu: 'alma' };
const korte = { id: 'w2', word_hu: 'körte' };
const szilva = { id: 'w3', word_hu: 'szilva' };
const almaMp3 = { name: 'alma.mp3' };
const pearMp3 = { name: 'pear.mp3' };
const plumMp3 = { name: 'plum.mp3' };

describe('manual audio matching', () => {
  it('returns the chosen pair and removes both from the unmatched lists', () => {
    const start = matchAudioFiles([alma, korte], [almaMp3, pearMp3]);
    const next = assignFile(start, korte, pearMp3);
    expect(next.matched.map((p) => [p.word.id, p.file.name, p.level])).toEqual([
      ['w1', 'alma.mp3', 'exact'],
      ['w2', 'pear.mp3', 'manual'],
    ]);
    expect(next.unmatchedWords).toEqual([]);
    expect(next.unmatchedFiles).toEqual([]);
    expect(fileForWord(next, 'w2')).toBe(pearMp3);
    expect(start.matched).toHaveLength(1);
  });

  it('returns the file moved away from its previous word, never assigned twice', () => {
    const start = matchAudioFiles([alma, korte], [almaMp3]);
    const next = assignFile(start, korte, almaMp3);
    expect(next.matched.map((p) => [p.word.id, p.file.name])).toEqual([['w2', 'alma.mp3']]);
    expect(next.unmatchedWords).toEqual([alma]);
    expect(next.unmatchedFiles).toEqual([]);
  });

  it('returns the previous file of a word to the unmatched files when replaced', () => {
    const start = matchAudioFiles([alma], [almaMp3, plumMp3]);
    const next = assignFile(start, alma, plumMp3);
    expect(next.matched.map((p) => p.file)).toEqual([plumMp3]);
    expect(next.unmatchedFiles).toEqual([almaMp3]);
  });

  it('returns ambiguities without the assigned word or file', () => {
    const files = [{ name: 'Szilva.mp3' }, { name: 'SZILVA.wav' }, { name: 'szilva!.mp3' }];
    const start = matchAudioFiles([szilva], files);
    expect(start.ambiguities).toHaveLength(1);
    const next = assignFile(start, szilva, files[1] as { name: string });
    expect(next.ambiguities).toEqual([]);
    expect(next.unmatchedFiles).toEqual([files[0], files[2]]);
  });

  it('returns a still-open ambiguity with the assigned file removed', () => {
    const words = [alma, { id: 'w9', word_hu: 'Alma' }];
    const files = [{ name: 'ALMA.mp3' }, { name: 'aLMA.mp3' }, { name: 'almA.mp3' }];
    const start = matchAudioFiles(words, files);
    const next = assignFile(start, korte, files[0] as { name: string });
    expect(next.ambiguities[0]?.files).toEqual([files[1], files[2]]);
  });

  it('returns both items to the unmatched lists on unassign', () => {
    const start = matchAudioFiles([alma], [almaMp3]);
    const next = unassignFile(start, 'w1');
    expect(next.matched).toEqual([]);
    expect(next.unmatchedWords).toEqual([alma]);
    expect(next.unmatchedFiles).toEqual([almaMp3]);
    expect(unassignFile(next, 'w1')).toBe(next);
    expect(fileForWord(next, 'w1')).toBeUndefined();
  });
});
