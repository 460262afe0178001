import { describe, expect, it } from 'vitest';
import { checkUpload, type UploadContext } from './rules.ts';
import { MEGABYTE } from './types.ts';

const file = (name: string, megabytes: number, type = '') => ({
  name,
  size: Math.round(megabytes * MEGABYTE),
  type,
});

type Case = readonly [UploadContext, string, number, string, string | null];

// context, file name, size in MB, MIME type, expected message (null = accepted)
const cases: readonly Case[] = [
  ['create-audio', 'lecke-1.mp3', 10, 'audio/mpeg', null],
  ['create-audio', 'LECKE.WAV', 50, '', null],
  ['create-audio', 'lecke.m4a', 1, 'audio/x-m4a', 'Invalid file type. Expected: .mp3, .wav'],
  ['create-audio', 'lecke.mp3', 50.01, 'audio/mpeg', 'File too large. Max: 50MB'],
  ['create-transcript-csv', 'transcript.csv', 5, 'text/csv', null],
  ['create-transcript-csv', 'transcript.xlsx', 1, '', 'Invalid file type. Expected: .csv'],
  ['create-vocabulary-csv', 'szavak.CSV', 5.5, 'text/csv', 'File too large. Max: 5MB'],
  ['create-vocabulary-csv', 'csv', 1, 'text/csv', 'Invalid file type. Expected: .csv'],
  ['review-lesson-audio', 'audio.aac', 49, 'audio/aac', null],
  ['review-lesson-audio', 'recording', 3, 'audio/x-m4a', null],
  ['review-lesson-audio', 'voice.m4a', 3, 'audio/mp4', null],
  ['review-lesson-audio', 'voice.ogg', 3, 'audio/ogg', null],
  ['review-lesson-audio', 'phone.opus', 3, '', null],
  [
    'review-lesson-audio',
    'voice.wma',
    3,
    'audio/x-ms-wma',
    'Invalid file type. Please upload MP3, WAV, M4A, or AAC',
  ],
  ['review-lesson-audio', 'long.wav', 51, 'audio/wav', 'File too large. Maximum size is 50MB'],
  ['review-vocabulary-audio', 'kör.mp3', 5, 'audio/mpeg', null],
  ['review-vocabulary-audio', 'kör.flac', 1, 'audio/flac', null],
  [
    'review-vocabulary-audio',
    'kör.aiff',
    1,
    'audio/aiff',
    'Unsupported file format. Please use MP3, WAV, M4A, or AAC.',
  ],
  [
    'review-vocabulary-audio',
    'kör.mp3',
    5.2,
    'audio/mpeg',
    'File too large. Maximum size: 5MB. Please compress or choose a smaller file.',
  ],
  ['review-transcript-csv', 'transcript.csv', 10, 'text/csv', null],
  ['review-transcript-csv', 'export', 1, 'text/csv; charset=utf-8', null],
  ['review-transcript-csv', 'big.csv', 10.5, 'text/csv', 'File too large. Maximum size is 10MB'],
  ['review-transcript-csv', 'doc.pdf', 1, 'application/pdf', 'Invalid file type. Expected: .csv'],
];

describe('upload rules', () => {
  it.each(cases)('returns for %s %s (%f MB, %j): %j', (context, name, mb, type, message) => {
    const result = checkUpload(context, file(name, mb, type));
    if (message === null) expect(result).toEqual({ ok: true });
    else expect(result).toMatchObject({ ok: false, message });
  });

  it('returns the type problem before the size problem', () => {
    expect(checkUpload('create-audio', file('huge.ogg', 500))).toMatchObject({
      code: 'invalid-type',
    });
    expect(checkUpload('create-audio', file('huge.mp3', 500))).toMatchObject({
      code: 'too-large',
      key: 'files.tooLargeMax',
    });
  });

  it('returns too large for a size that is not a number', () => {
    expect(
      checkUpload('create-audio', { name: 'a.mp3', size: Number.NaN, type: '' }),
    ).toMatchObject({
      code: 'too-large',
    });
  });
});
