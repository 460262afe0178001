import { describe, expect, it } from 'vitest';
import { csvKind, lessonNameParts, pickDialogue } from './classify.ts';

describe('classify', () => {
  it.each([
    ['anything.csv', 'speaker,line', 'transcript'],
    ['anything.csv', '\uFEFF"word_hu";"word_en";"difficulty"', 'vocabulary'],
    ['szavak.csv', 'a,b', 'vocabulary'],
    ['Transcript.csv', 'x,y', 'transcript'],
    ['notes.csv', 'x,y', 'unknown'],
    ['utf16.csv', 's\0p\0e\0a\0k\0e\0r\0,\0l\0i\0n\0e\0', 'transcript'],
  ])('returns the kind of %s with header %j', (name, header, kind) => {
    expect(csvKind(name, header)).toBe(kind);
  });

  it('returns the file named dialogue before a larger one', () => {
    const picked = pickDialogue([
      { name: 'alma.wav', size: 900, depth: 0 },
      { name: 'Dialogue.mp3', size: 100, depth: 0 },
    ]);
    expect(picked?.name).toBe('Dialogue.mp3');
  });

  it('returns the largest top-level recording of any format when none is named dialogue', () => {
    const picked = pickDialogue([
      { name: 'words/big.wav', size: 999999, depth: 1 },
      { name: 'alma.mp3', size: 10, depth: 0 },
      { name: 'recording.wav', size: 900, depth: 0 },
      { name: 'phone.m4a', size: 99999, depth: 0 },
    ]);
    expect(picked?.name).toBe('phone.m4a');
  });

  it.each([
    ['07 - At the market', 7, 'At the market'],
    ['12_Köszönés', 12, 'Köszönés'],
    ['Bevezetés', null, 'Bevezetés'],
    ['O\u0308ra'.normalize('NFD'), null, 'Óra'.replace('Ó', 'Ö')],
  ])('returns number and title for %s', (folder, lessonNumber, title) => {
    expect(lessonNameParts(folder)).toEqual({ lessonNumber, title });
  });
});
