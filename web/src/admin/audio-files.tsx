import type { Ref } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import {
  AUDIO_BUCKET,
  audioObjectPath,
  audioUrlOf,
  objectPath,
  removeObjects,
  uploadObject,
} from './api.ts';
import { downloadBlob } from './shared.tsx';
import { LESSON_AUDIO_ACCEPT } from '@magyarul/core/files';

/** Fetches a stored audio file and saves it under its own name. */
async function downloadAudio(stored: string): Promise<void> {
  const url = await audioUrlOf(stored);
  if (!url) throw new Error('no audio');
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  // The file's own name: the URL's last segment without a signed URL's ?token=….
  const name = decodeURIComponent(
    new URL(url, window.location.href).pathname.split('/').pop() || 'audio',
  );
  downloadBlob(await res.blob(), name);
}

/** Downloads a stored audio file (a lesson's or a word's), saying how it went. */
export function useAudioDownload(): (stored: string | null) => Promise<void> {
  const t = useT();
  return async (stored) => {
    if (!stored) return void notify.error(t('reviewAudio.noFile'));
    try {
      await downloadAudio(stored);
      notify.success(t('reviewAudio.downloaded'));
    } catch {
      notify.error(t('reviewAudio.downloadFailed'));
    }
  };
}

/**
 * Stores `file` in `folder`, points the row at it (`write`), and only then removes the file it
 * replaces (a leftover file is harmless, a row pointing at nothing is not). The new path.
 */
export async function replaceAudio(
  folder: string,
  file: File,
  old: string | null,
  write: (path: string) => Promise<void>,
): Promise<string> {
  const path = objectPath(folder, file.name);
  await uploadObject(AUDIO_BUCKET, path, file, file.type);
  await write(path);
  const previous = old ? audioObjectPath(old) : null;
  if (previous && previous !== path) {
    await removeObjects(AUDIO_BUCKET, [previous]).catch(() => undefined);
  }
  return path;
}

/** Removes a stored audio file, then clears the row's path to it (`clear`). */
export async function removeAudio(stored: string, clear: () => Promise<void>): Promise<void> {
  const path = audioObjectPath(stored);
  if (path) await removeObjects(AUDIO_BUCKET, [path]);
  await clear();
}

/**
 * The hidden file input behind an audio Upload/Replace button; each chosen file once. Disabled
 * while an upload or removal of the same audio is pending (no second file in the meantime).
 */
export function AudioFileInput({
  ref,
  label,
  onFile,
  disabled = false,
}: {
  ref: Ref<HTMLInputElement>;
  label: string;
  onFile: (file: File) => void;
  disabled?: boolean;
}) {
  return (
    <input
      ref={ref}
      type="file"
      hidden
      disabled={disabled}
      accept={LESSON_AUDIO_ACCEPT}
      aria-label={label}
      onChange={(e) => {
        const file = e.target.files?.[0];
        if (file) onFile(file);
        e.target.value = '';
      }}
    />
  );
}
