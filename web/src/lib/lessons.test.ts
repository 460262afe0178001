import { describe, expect, it } from 'vitest';
import {
  activeLineIndex,
  audioCandidates,
  formatClock,
  isAudioComplete,
  lessonStatuses,
  timedTranscript,
} from './lessons.ts';

describe('lessons', () => {
  it('returns lesson 1 open, later lessons locked until the previous one is passed', () => {
    const lessons = [
      { id: 'a', lesson_number: 1 },
      { id: 'b', lesson_number: 2 },
      { id: 'c', lesson_number: 3 },
    ];
    expect([...lessonStatuses(lessons, []).values()]).toEqual(['open', 'locked', 'locked']);
    const audioOnly = [{ lesson_id: 'a', audio_completed: true, flashcard_passed: false }];
    expect([...lessonStatuses(lessons, audioOnly).values()]).toEqual(['open', 'locked', 'locked']);
    const passed = [{ lesson_id: 'a', audio_completed: true, flashcard_passed: true }];
    expect([...lessonStatuses(lessons, passed).values()]).toEqual(['complete', 'open', 'locked']);
  });

  it('returns default times of 5 s per line index and 4 s length', () => {
    const lines = timedTranscript([
      { line_number: 1, speaker: 'anna', text_content: 'Szia!', start_time: null, end_time: null },
      {
        line_number: 2,
        speaker: 'bence',
        text_content: 'Helló!',
        start_time: null,
        end_time: null,
      },
      { line_number: 3, speaker: 'narrator', text_content: 'x', start_time: 12.5, end_time: 14 },
    ]);
    expect(lines.map((l) => [l.start, l.end])).toEqual([
      [0, 4],
      [5, 9],
      [12.5, 14],
    ]);
    expect(activeLineIndex(lines, 6)).toBe(1);
    expect(activeLineIndex(lines, 13)).toBe(2);
  });

  it('returns m:ss clock text', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(5.9)).toBe('0:05');
    expect(formatClock(150)).toBe('2:30');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });

  it('returns complete at 99 percent of the duration', () => {
    expect(isAudioComplete(98.9, 100)).toBe(false);
    expect(isAudioComplete(99, 100)).toBe(true);
    expect(isAudioComplete(5, Number.NaN)).toBe(false);
  });

  it('returns the adjusted URL first and the original path as fallback', () => {
    expect(audioCandidates('lessons/1/Szia Anna.mp3', 'http://h')).toEqual([
      'http://h/storage/v1/object/public/lesson-audio/lessons/1/Szia%20Anna.mp3',
      'http://h/storage/v1/object/public/lesson-audio/lessons/1/Szia Anna.mp3',
    ]);
    expect(audioCandidates('https://cdn.example/a.mp3', 'http://h')).toEqual([
      'https://cdn.example/a.mp3',
    ]);
    const nfd = 'vocab/ko\u0308r.mp3';
    expect(audioCandidates(nfd, 'http://h')[0]).toBe(
      'http://h/storage/v1/object/public/lesson-audio/vocab/k%C3%B6r.mp3',
    );
    expect(audioCandidates(null, 'http://h')).toEqual([]);
  });
});
