import { message, type Message, type Rendered } from '../messages/index.ts';
import { filesSkippedMessage } from './multi-select.ts';
import { UPLOAD_RULES, type UploadContext } from './rules.ts';

/**
 * What a metadata parser (music-metadata in the apps) read from a file's bytes alone, never
 * from its name or the browser's MIME guess; null when it recognised no audio at all.
 */
export type AudioContentProbe = {
  readonly container: string | null;
  readonly codec: string | null;
  readonly seconds: number | null;
} | null;

/** The audio formats uploads are checked against. */
export type AudioKind = 'mp3' | 'wav' | 'm4a' | 'aac' | 'ogg' | 'flac';

/** The places an audio file is chosen: the spec's upload contexts plus the create dialog's words and /upload. */
export type AudioContext =
  | Extract<UploadContext, 'create-audio' | 'review-lesson-audio' | 'review-vocabulary-audio'>
  | 'create-vocabulary-audio'
  | 'upload-form';

export type AudioContentCheck =
  | { readonly ok: true; readonly kind: AudioKind; readonly seconds: number }
  | (Message & Rendered & { readonly ok: false; readonly code: 'not-audio' });

/**
 * What a lesson's or a word's recording may be, in the web admin's review page and in the
 * studio alike (issue 28: phone recordings come as M4A, Ogg Opus or FLAC).
 */
const LESSON_AUDIO_KINDS: readonly AudioKind[] = ['mp3', 'wav', 'm4a', 'aac', 'ogg', 'flac'];
const reviewKinds = LESSON_AUDIO_KINDS;
const ALLOWED: Readonly<Record<AudioContext, readonly AudioKind[]>> = {
  'create-audio': ['mp3', 'wav'],
  'create-vocabulary-audio': ['mp3', 'wav'],
  'review-lesson-audio': reviewKinds,
  'review-vocabulary-audio': reviewKinds,
  // /upload files the audio bucket takes by name (core/files/bucket-names.ts).
  'upload-form': ['mp3', 'wav', 'm4a', 'aac', 'ogg', 'flac'],
};

/** The format of a probe, from the container and codec the parser found in the bytes. */
export function audioKindOf(probe: AudioContentProbe): AudioKind | null {
  if (!probe?.container) return null;
  const container = probe.container.toUpperCase();
  const codec = (probe.codec ?? '').toUpperCase();
  if (container === 'MPEG' && /LAYER 3/.test(codec)) return 'mp3';
  if (container === 'WAVE') return 'wav';
  if (/^(M4A|MP4|ISOM)/.test(container) && /AAC|ALAC/.test(codec)) return 'm4a';
  if (container.startsWith('ADTS')) return 'aac';
  if (container === 'OGG') return 'ogg';
  if (container === 'FLAC') return 'flac';
  return null;
}

function refusal(context: AudioContext, fileName: string): Message & Rendered {
  if (context === 'upload-form') return message('files.uploadUnsupported', { name: fileName });
  if (context === 'create-vocabulary-audio') return filesSkippedMessage(1);
  const { key, params } = UPLOAD_RULES[context].invalidType;
  return message(key, params);
}

/**
 * Whether a chosen file really is audio of a type this place accepts, judged by its content:
 * a renamed HTML page, a file of zero bytes named .mp3 or a WAV without samples is refused
 * with the place's own "invalid type" message, whatever its name says. The length comes
 * from the file, for the lesson's duration.
 */
export function checkAudioContent(
  context: AudioContext,
  fileName: string,
  probe: AudioContentProbe,
): AudioContentCheck {
  const kind = audioKindOf(probe);
  const seconds = probe?.seconds ?? null;
  if (
    kind === null ||
    !ALLOWED[context].includes(kind) ||
    seconds === null ||
    !Number.isFinite(seconds) ||
    seconds <= 0
  ) {
    return { ok: false, code: 'not-audio', ...refusal(context, fileName) };
  }
  return { ok: true, kind, seconds };
}
