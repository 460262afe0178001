import { describe, expect, it } from 'vitest';
import { audioKindOf, checkAudioContent, type AudioContentProbe } from './audio-content.ts';

// Probes as music-metadata 12 reports real files (ffmpeg, lame and sox output).
const mp3: AudioContentProbe = { container: 'MPEG', codec: 'MPEG 1 Layer 3', seconds: 3.03 };
const mp3v2: AudioContentProbe = { container: 'MPEG', codec: 'MPEG 2 Layer 3', seconds: 0.86 };
const wav: AudioContentProbe = { container: 'WAVE', codec: 'PCM', seconds: 2 };
const m4a: AudioContentProbe = { container: 'M4A/isom/iso2', codec: 'MPEG-4/AAC', seconds: 2.02 };
const aac: AudioContentProbe = { container: 'ADTS/MPEG-4', codec: 'AAC', seconds: 2.02 };
const ogg: AudioContentProbe = { container: 'Ogg', codec: 'Vorbis I', seconds: 1 };

describe('audio content check', () => {
  it.each([
    [mp3, 'mp3'],
    [mp3v2, 'mp3'],
    [wav, 'wav'],
    [m4a, 'm4a'],
    [aac, 'aac'],
    [ogg, 'ogg'],
    [{ container: 'MPEG', codec: 'MPEG 1 Layer 2', seconds: 1 }, null],
    [{ container: null, codec: null, seconds: null }, null],
    [null, null],
  ] as const)('returns the kind of %j: %s', (probe, kind) => {
    expect(audioKindOf(probe)).toBe(kind);
  });

  it('returns the duration read from the file for accepted audio', () => {
    expect(checkAudioContent('create-audio', 'lecke.mp3', mp3)).toEqual({
      ok: true,
      kind: 'mp3',
      seconds: 3.03,
    });
    expect(checkAudioContent('review-lesson-audio', 'x.m4a', m4a)).toMatchObject({ ok: true });
    expect(checkAudioContent('upload-form', 'x.ogg', ogg)).toMatchObject({ ok: true });
  });

  it('returns each place’s own message for bytes that are no audio (HTML, zeros)', () => {
    expect(checkAudioContent('create-audio', 'page.mp3', null)).toEqual({
      ok: false,
      code: 'not-audio',
      key: 'files.invalidTypeExpected',
      params: { expected: '.mp3, .wav' },
      message: 'Invalid file type. Expected: .mp3, .wav',
    });
    expect(checkAudioContent('review-lesson-audio', 'zero.mp3', null)).toMatchObject({
      message: 'Invalid file type. Please upload MP3, WAV, M4A, or AAC',
    });
    expect(checkAudioContent('review-vocabulary-audio', 'zero.mp3', null)).toMatchObject({
      message: 'Unsupported file format. Please use MP3, WAV, M4A, or AAC.',
    });
    expect(checkAudioContent('create-vocabulary-audio', 'szó.mp3', null)).toMatchObject({
      message: '1 file skipped (invalid format)',
    });
    expect(checkAudioContent('upload-form', 'page.mp3', null)).toMatchObject({
      key: 'files.uploadUnsupported',
      params: { name: 'page.mp3' },
      message: 'Unsupported file type: page.mp3',
    });
  });

  it('returns a refusal for audio of a type the place does not take, or without length', () => {
    expect(checkAudioContent('create-audio', 'renamed.mp3', m4a)).toMatchObject({ ok: false });
    expect(checkAudioContent('create-audio', 'x.mp3', ogg)).toMatchObject({ ok: false });
    // Phone recordings: the review page takes what the studio takes.
    expect(checkAudioContent('review-lesson-audio', 'x.ogg', ogg)).toMatchObject({ ok: true });
    expect(
      checkAudioContent('review-vocabulary-audio', 'x.flac', {
        container: 'FLAC',
        codec: 'FLAC',
        seconds: 1,
      }),
    ).toMatchObject({ ok: true, kind: 'flac' });
    for (const seconds of [0, null, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkAudioContent('create-audio', 'x.wav', { ...wav, seconds })).toMatchObject({
        ok: false,
      });
    }
  });
});
