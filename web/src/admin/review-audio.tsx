import { useRef } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { checkUpload } from '@magyarul/core/files';
import { storedDuration } from '@magyarul/core/lessons';
import { AudioPlayer } from '../components/audio-player.tsx';
import { Button } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { audioUrlOf, updateLesson, type AdminLesson } from './api.ts';
import { readAudioFile } from './audio-content.ts';
import { AudioFileInput, removeAudio, replaceAudio, useAudioDownload } from './audio-files.tsx';

type AudioPatch = Pick<AdminLesson, 'audio_url' | 'duration'>;

export function ReviewAudio({
  lesson,
  onChanged,
}: {
  lesson: AdminLesson;
  onChanged: (patch: AudioPatch) => void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const download = useAudioDownload();
  const url = useQuery({
    queryKey: ['audio-url', lesson.audio_url],
    queryFn: () => audioUrlOf(lesson.audio_url),
  }).data;

  // By content, before anything is stored: a renamed file or zero bytes never replace audio.
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const content = await readAudioFile('review-lesson-audio', file);
      if (!content.ok) return content;
      const duration = storedDuration(content.seconds);
      const path = await replaceAudio(lesson.id, file, lesson.audio_url, (p) =>
        updateLesson(lesson.id, { audio_url: p, duration }),
      );
      return { ok: true as const, patch: { audio_url: path, duration } };
    },
    onSuccess: (result) => {
      if (!result.ok) return notify.error(t(result.key, result.params));
      onChanged(result.patch);
      notify.success(t('reviewAudio.uploaded'));
    },
    onError: (error) => {
      console.error('Audio upload failed', error);
      notify.error(t('reviewAudio.uploadFailed'));
    },
  });
  const chosen = (file: File) => {
    const check = checkUpload('review-lesson-audio', file);
    if (!check.ok) return notify.error(t(check.key, check.params));
    upload.mutate(file);
  };

  const removal = useMutation({
    mutationFn: (stored: string) =>
      removeAudio(stored, () => updateLesson(lesson.id, { audio_url: null, duration: null })),
    onSuccess: () => {
      onChanged({ audio_url: null, duration: null });
      notify.success(t('reviewAudio.deleted'));
    },
    onError: (error) => {
      console.error('Audio delete failed', error);
      notify.error(t('reviewAudio.deleteFailed'));
    },
  });
  const remove = () => {
    if (lesson.audio_url && window.confirm(t('confirm.deleteAudio'))) {
      removal.mutate(lesson.audio_url);
    }
  };

  // While a file is stored or removed, nothing else may replace or remove it.
  const busy = upload.isPending || removal.isPending;

  return (
    <section className="card stack" aria-labelledby="audio-heading">
      <h2 id="audio-heading">2. {t('reviewPage.section.audio')}</h2>
      {url ? (
        <AudioPlayer key={url} sources={[url]} lines={[]} />
      ) : (
        <p className="muted">{t('reviewAudio.noFile')}</p>
      )}
      <div className="button-row" aria-busy={busy}>
        {lesson.audio_url && (
          <>
            <Button variant="secondary" onClick={() => void download(lesson.audio_url)}>
              {t('reviewAudio.download')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
              {t('reviewAudio.replace')}
            </Button>
            <Button variant="danger" disabled={busy} onClick={remove}>
              {t('reviewAudio.delete')}
            </Button>
          </>
        )}
        {!lesson.audio_url && (
          <Button disabled={busy} onClick={() => input.current?.click()}>
            {t('reviewAudio.upload')}
          </Button>
        )}
        <AudioFileInput
          ref={input}
          label={lesson.audio_url ? t('adminUi.replaceAudio') : t('adminUi.uploadAudio')}
          onFile={chosen}
          disabled={busy}
        />
      </div>
    </section>
  );
}
