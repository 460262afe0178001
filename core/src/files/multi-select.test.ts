import { describe, expect, it } from 'vitest';
import { selectVocabularyAudio } from './multi-select.ts';

const f = (name: string) => ({ name, size: 1000, type: '' });

describe('multi-select vocabulary audio', () => {
  it('returns .mp3 and .wav files kept and the others counted in the spec message', () => {
    const files = [f('alma.mp3'), f('KÖR.WAV'), f('notes.txt'), f('kép.png'), f('szó.m4a')];
    const result = selectVocabularyAudio(files);
    expect(result.accepted).toEqual([files[0], files[1]]);
    expect(result.skipped).toEqual([files[2], files[3], files[4]]);
    expect(result.message).toEqual({
      key: 'create.filesSkipped',
      params: { n: 3 },
      message: '3 files skipped (invalid format)',
    });
  });

  it('returns no message when every file is audio', () => {
    expect(selectVocabularyAudio([f('a.mp3')]).message).toBeNull();
    expect(selectVocabularyAudio([])).toEqual({ accepted: [], skipped: [], message: null });
  });

  it('returns the message in the singular for one skipped file', () => {
    expect(selectVocabularyAudio([f('a.mp3'), f('b.ogg')]).message).toMatchObject({
      key: 'create.filesSkipped',
      message: '1 file skipped (invalid format)',
    });
  });
});
