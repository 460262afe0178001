import { useEffect, useRef, useState } from 'react';
import { checkUpload } from '@magyarul/core/files';
import { AudioPlayer } from '../components/audio-player.tsx';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import {
  AUDIO_BUCKET,
  audioObjectPath,
  audioUrlOf,
  objectPath,
  removeObjects,
  updateLesson,
  uploadObject,
  type AdminLesson,
} from './api.ts';
import { downloadBlob } from './shared.tsx';
import { readAudioFile } from './audio-content.ts';

/** Fetches a stored audio file and saves it under its own name. */
export async function downloadAudio(stored: string): Promise<void> {
  const url = await audioUrlOf(stored);
  if (!url) throw new Error('no audio');
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const name = decodeURIComponent(url.split('/').pop() ?? 'audio');
  downloadBlob(await res.blob(), name);
}

export function ReviewAudio({
  lesson,
  onChanged,
}: {
  lesson: AdminLesson;
  onChanged: (patch: Pick<AdminLesson, 'audio_url' | 'duration'>) => void;
}) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let active = true;
    void audioUrlOf(lesson.audio_url).then((u) => {
      if (active) setUrl(u);
    });
    return () => {
      active = false;
    };
  }, [lesson.audio_url]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const check = checkUpload('review-lesson-audio', file);
    if (!check.ok) {
      notify.error(t(check.key, check.params));
      return;
    }
    setBusy(true);
    try {
      // By content, before anything is stored: a renamed file or zero bytes never replace audio.
      const content = await readAudioFile('review-lesson-audio', file);
      if (!content.ok) {
        notify.error(t(content.key, content.params));
        return;
      }
      const path = objectPath(lesson.id, file.name);
      await uploadObject(AUDIO_BUCKET, path, file, file.type);
      const duration = Math.round(content.seconds);
      await updateLesson(lesson.id, { audio_url: path, duration });
      const old = lesson.audio_url ? audioObjectPath(lesson.audio_url) : null;
      if (old && old !== path) await removeObjects(AUDIO_BUCKET, [old]).catch(() => undefined);
      onChanged({ audio_url: path, duration });
      notify.success(t('reviewAudio.uploaded'));
    } catch (error) {
      console.error('Audio upload failed', error);
      notify.error(t('reviewAudio.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!lesson.audio_url) return;
    if (!window.confirm(t('confirm.deleteAudio'))) return;
    try {
      const path = audioObjectPath(lesson.audio_url);
      if (path) await removeObjects(AUDIO_BUCKET, [path]);
      await updateLesson(lesson.id, { audio_url: null, duration: null });
      onChanged({ audio_url: null, duration: null });
      notify.success(t('reviewAudio.deleted'));
    } catch (error) {
      console.error('Audio delete failed', error);
      notify.error(t('reviewAudio.deleteFailed'));
    }
  };

  const download = async () => {
    if (!lesson.audio_url) {
      notify.error(t('reviewAudio.noFile'));
      return;
    }
    try {
      await downloadAudio(lesson.audio_url);
      notify.success(t('reviewAudio.downloaded'));
    } catch {
      notify.error(t('reviewAudio.downloadFailed'));
    }
  };

  return (
    <section className="card stack" aria-labelledby="audio-heading">
      <h2 id="audio-heading">2. {t('reviewPage.section.audio')}</h2>
      {url ? (
        <AudioPlayer key={url} sources={[url]} lines={[]} />
      ) : (
        <p className="muted">{t('reviewAudio.noFile')}</p>
      )}
      <div className="button-row">
        {lesson.audio_url && (
          <>
            <Button variant="secondary" onClick={() => void download()}>
              {t('reviewAudio.download')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
              {t('reviewAudio.replace')}
            </Button>
            <Button variant="danger" onClick={() => void remove()}>
              {t('reviewAudio.delete')}
            </Button>
          </>
        )}
        {!lesson.audio_url && (
          <Button disabled={busy} onClick={() => input.current?.click()}>
            {t('reviewAudio.upload')}
          </Button>
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept=".mp3,.wav,.m4a,.aac,audio/*"
          aria-label={lesson.audio_url ? t('adminUi.replaceAudio') : t('adminUi.uploadAudio')}
          onChange={(e) => {
            void upload(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
    </section>
  );
}
