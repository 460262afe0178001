import { describe, expect, it } from 'vitest';
import { adjustAudioPath, audioUrlCandidates, resolveAudioUrl } from './audio-path.ts';

const base = 'http://localhost:54321/';
const publicUrl = 'http://localhost:54321/storage/v1/object/public/lesson-audio/';

describe('audio path resolution', () => {
  it('returns a full https URL unchanged', () => {
    const url = 'https://cdn.example.com/a/kör.mp3';
    expect(resolveAudioUrl(url, base)).toBe(url);
    expect(audioUrlCandidates(url, base)).toEqual([url]);
  });

  it('returns a public lesson-audio URL for a storage path, segments encoded', () => {
    expect(resolveAudioUrl('lesson-1/jó reggelt.mp3', base)).toBe(
      `${publicUrl}lesson-1/j%C3%B3%20reggelt.mp3`,
    );
    expect(resolveAudioUrl('/lesson-audio/l1/alma.mp3', base)).toBe(`${publicUrl}l1/alma.mp3`);
  });

  it('returns null and no candidates without a path', () => {
    expect(resolveAudioUrl(null, base)).toBeNull();
    expect(resolveAudioUrl('  ', base)).toBeNull();
    expect(audioUrlCandidates(undefined, base)).toEqual([]);
  });

  it('returns the known wrong name corrected, with the original as fallback', () => {
    const stored = 'lesson-3/vocabulary/viszontlátásra.mp3';
    expect(adjustAudioPath(stored)).toBe('lesson-3/vocabulary/viszontlatasra.mp3');
    expect(audioUrlCandidates(stored, base)).toEqual([
      `${publicUrl}lesson-3/vocabulary/viszontlatasra.mp3`,
      `${publicUrl}lesson-3/vocabulary/viszont${encodeURIComponent('látásra')}.mp3`,
    ]);
    expect(adjustAudioPath('vocabulary/viszontlátásra.mp3')).toBe('vocabulary/viszontlatasra.mp3');
  });

  it('returns an NFD path normalised first, the stored form as fallback', () => {
    const nfd = 'l1/kör.mp3'.normalize('NFD');
    const [first, second] = audioUrlCandidates(nfd, base);
    expect(first).toBe(`${publicUrl}l1/k%C3%B6r.mp3`);
    expect(second).toBe(`${publicUrl}l1/${encodeURIComponent('kör'.normalize('NFD'))}.mp3`);
    expect(audioUrlCandidates('l1/alma.mp3', base)).toEqual([`${publicUrl}l1/alma.mp3`]);
  });
});
