import { message, type Message, type Rendered } from '../messages/index.ts';
import { extensionOf, type FileLike } from './types.ts';

const accepted = ['.mp3', '.wav'];

export type VocabularyAudioSelection<F extends FileLike> = {
  readonly accepted: F[];
  readonly skipped: F[];
  /** '{n} files skipped (invalid format)', or null when nothing was skipped. */
  readonly message: (Message & Rendered) | null;
};

/** '{n} files skipped (invalid format)', a counted text (one file: singular). */
export function filesSkippedMessage(n: number): Message & Rendered {
  return message('create.filesSkipped', { n });
}

/**
 * The create dialog's multi-select of vocabulary audio: only .mp3 and .wav are kept, the rest
 * are skipped and counted. Keeps the caller's file objects (e.g. browser Files) as they are.
 */
export function selectVocabularyAudio<F extends FileLike>(
  files: readonly F[],
): VocabularyAudioSelection<F> {
  const keep: F[] = [];
  const skipped: F[] = [];
  for (const file of files) {
    (accepted.includes(extensionOf(file.name.trim())) ? keep : skipped).push(file);
  }
  return {
    accepted: keep,
    skipped,
    message: skipped.length > 0 ? filesSkippedMessage(skipped.length) : null,
  };
}
