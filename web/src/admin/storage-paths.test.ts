import { describe, expect, it } from 'vitest';
import { audioObjectPath, objectPath } from './api.ts';

describe('admin storage paths', () => {
  it('returns a lesson-scoped, timestamped, ASCII object path', () => {
    const path = objectPath('lesson-1/words', 'Köszönöm szépen.mp3'.normalize('NFD'));
    expect(path).toMatch(/^lesson-1\/words\/\d+-Koszonom-szepen\.mp3$/);
  });

  it('returns the lesson-audio object path of a public URL, a path, or null for foreign URLs', () => {
    expect(
      audioObjectPath('http://127.0.0.1:54321/storage/v1/object/public/lesson-audio/a/1-x%20y.mp3'),
    ).toBe('a/1-x y.mp3');
    expect(audioObjectPath('/seed/lessons/lesson-01.mp3')).toBe('seed/lessons/lesson-01.mp3');
    expect(audioObjectPath('https://cdn.example/audio.mp3')).toBeNull();
  });
});
