import { message, type MessageKey, type MessageParams } from '../messages/index.ts';
import { MEGABYTE, extensionOf, type FileCheck, type FileLike } from './types.ts';

/** Every place a file is chosen, each with the spec's own types, limit and messages. */
export type UploadContext =
  | 'create-audio'
  | 'create-transcript-csv'
  | 'create-vocabulary-csv'
  | 'review-lesson-audio'
  | 'review-vocabulary-audio'
  | 'review-transcript-csv';

export type UploadRule = {
  readonly extensions: readonly string[];
  /** MIME types accepted even when the name has another or no extension. */
  readonly mimeTypes: readonly string[];
  readonly maxMegabytes: number;
  readonly invalidType: { readonly key: MessageKey; readonly params?: MessageParams };
  readonly tooLarge: { readonly key: MessageKey; readonly params?: MessageParams };
};

// The review page accepts audio/mpeg, audio/wav, audio/x-m4a and audio/aac (spec §9), and, as the
// studio does since issue 28, phone recordings in Ogg (Opus, Vorbis) and FLAC; browsers also
// report the aliases below for the same formats.
const reviewAudioMime = [
  'audio/mpeg',
  'audio/mp3',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/x-m4a',
  'audio/m4a',
  'audio/mp4',
  'audio/aac',
  'audio/x-aac',
  'audio/ogg',
  'audio/opus',
  'audio/flac',
  'audio/x-flac',
];
const reviewAudioExtensions = ['.mp3', '.wav', '.m4a', '.aac', '.ogg', '.oga', '.opus', '.flac'];

/** The file pickers' `accept` for lesson and word recordings (the review page, Add Word). */
export const LESSON_AUDIO_ACCEPT = [...reviewAudioExtensions, 'audio/*'].join(',');

function createDialog(extensions: string[], maxMegabytes: number): UploadRule {
  return {
    extensions,
    mimeTypes: [],
    maxMegabytes,
    invalidType: { key: 'files.invalidTypeExpected', params: { expected: extensions.join(', ') } },
    tooLarge: { key: 'files.tooLargeMax', params: { n: maxMegabytes } },
  };
}

/** The review page's audio pickers: its formats by extension or MIME type, each with its own wording. */
function reviewAudio(
  maxMegabytes: number,
  invalidType: MessageKey,
  tooLarge: MessageKey,
): UploadRule {
  return {
    extensions: reviewAudioExtensions,
    mimeTypes: reviewAudioMime,
    maxMegabytes,
    invalidType: { key: invalidType },
    tooLarge: { key: tooLarge, params: { n: maxMegabytes } },
  };
}

export const UPLOAD_RULES: Readonly<Record<UploadContext, UploadRule>> = {
  // Create dialog: judged by extension only, as the spec states it.
  'create-audio': createDialog(['.mp3', '.wav'], 50),
  'create-transcript-csv': createDialog(['.csv'], 5),
  'create-vocabulary-csv': createDialog(['.csv'], 5),
  'review-lesson-audio': reviewAudio(50, 'files.lessonAudioInvalidType', 'files.tooLargeMaxSizeIs'),
  'review-vocabulary-audio': reviewAudio(
    5,
    'files.vocabularyAudioUnsupported',
    'files.vocabularyAudioTooLarge',
  ),
  // The spec gives only the size rule; the type check reuses the create dialog's wording.
  'review-transcript-csv': {
    extensions: ['.csv', '.txt'],
    mimeTypes: ['text/csv', 'text/plain', 'application/vnd.ms-excel'],
    maxMegabytes: 10,
    invalidType: { key: 'files.invalidTypeExpected', params: { expected: '.csv' } },
    tooLarge: { key: 'files.tooLargeMaxSizeIs', params: { n: 10 } },
  },
};

/** True when the file's extension or (where the context allows) MIME type is accepted. */
export function hasAcceptedType(rule: UploadRule, file: FileLike): boolean {
  if (rule.extensions.includes(extensionOf(file.name.trim()))) return true;
  const mime = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  return rule.mimeTypes.includes(mime);
}

/**
 * Checks a chosen file against its context: type first, then size (a limit of N MB accepts
 * exactly N MB). Rejections carry the exact spec message.
 */
export function checkUpload(context: UploadContext, file: FileLike): FileCheck {
  const rule = UPLOAD_RULES[context];
  if (!hasAcceptedType(rule, file)) {
    const { key, params } = rule.invalidType;
    return { ok: false, code: 'invalid-type', ...message(key, params) };
  }
  if (!(file.size <= rule.maxMegabytes * MEGABYTE)) {
    const { key, params } = rule.tooLarge;
    return { ok: false, code: 'too-large', ...message(key, params) };
  }
  return { ok: true };
}
