import { describe, expect, it } from 'vitest';
import { lessonRenderings } from './recording-versions.ts';

const line = (n: number, natural: boolean) => ({
  line_number: n,
  start_time: n * 2,
  end_time: n * 2 + 1.5,
  slow_start_time: n * 3,
  slow_end_time: n * 3 + 2.5,
  natural_start_time: natural ? n * 1.5 : null,
  natural_end_time: natural ? n * 1.5 + 1 : null,
});

describe('the renderings a lesson offers', () => {
  it('offers slow, normal and natural in that order, each line timed in its own file', () => {
    const renderings = lessonRenderings(
      { audio_url: 'n.mp3', slow_audio_url: 's.mp3', natural_audio_url: 'x.mp3' },
      [line(0, true), line(1, true)],
    );
    expect([...renderings.keys()]).toEqual(['slow', 'normal', 'natural']);
    expect(renderings.get('natural')?.url).toBe('x.mp3');
    expect(renderings.get('natural')?.lines.map((l) => [l.start_time, l.end_time])).toEqual([
      [0, 1],
      [1.5, 2.5],
    ]);
    expect(renderings.get('slow')?.lines[1]?.start_time).toBe(3);
    expect(renderings.get('normal')?.lines[1]?.start_time).toBe(2);
    // The other columns of the line stay as they are.
    expect(renderings.get('natural')?.lines[1]?.line_number).toBe(1);
  });

  it('offers only normal for a recorded lesson with one file', () => {
    const renderings = lessonRenderings(
      { audio_url: 'n.mp3', slow_audio_url: null, natural_audio_url: null },
      [line(0, true)],
    );
    expect([...renderings.keys()]).toEqual(['normal']);
  });

  it('leaves out a version when some line has no start in it, or its file is missing', () => {
    const untimed = lessonRenderings(
      { audio_url: 'n.mp3', slow_audio_url: 's.mp3', natural_audio_url: 'x.mp3' },
      [line(0, true), line(1, false)],
    );
    expect([...untimed.keys()]).toEqual(['slow', 'normal']);
    // A copy stored on the device before natural audio existed has no such column.
    const older = lessonRenderings({ audio_url: 'n.mp3', slow_audio_url: 's.mp3' }, [
      line(0, true),
    ]);
    expect([...older.keys()]).toEqual(['slow', 'normal']);
  });

  it('offers normal with default times when the lesson has no transcript times', () => {
    const renderings = lessonRenderings(
      { audio_url: 'n.mp3', slow_audio_url: 's.mp3', natural_audio_url: 'x.mp3' },
      [{ ...line(0, false), start_time: null, end_time: null, slow_start_time: null }],
    );
    expect([...renderings.keys()]).toEqual(['normal']);
    expect(renderings.get('normal')?.lines[0]).toMatchObject({ start_time: 0, end_time: 4 });
  });
});
