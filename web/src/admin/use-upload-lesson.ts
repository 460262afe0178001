import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadTargetFor } from '@magyarul/core/files';
import type { Message } from '@magyarul/core/messages';
import {
  validateUploadLesson,
  type UploadLesson,
  type UploadLessonInput,
} from '@magyarul/core/validation';
import { storedDuration } from '@magyarul/core/lessons';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { getSupabase, toAppError } from '../lib/supabase.ts';
import { objectPath, uploadObject } from './api.ts';
import { readAudioFile } from './audio-content.ts';

/**
 * Files bound for the audio bucket are read first: one that is not decodable audio is refused
 * by name before anything is stored; the first audio file's length is the lesson's duration
 * when the form leaves it empty.
 */
async function readAudio(files: readonly File[]): Promise<Message | { seconds: number | null }> {
  let seconds: number | null = null;
  for (const file of files) {
    if (uploadTargetFor(file).fileType !== 'audio') continue;
    const content = await readAudioFile('upload-form', file);
    if (!content.ok) return content;
    seconds ??= storedDuration(content.seconds);
  }
  return { seconds };
}

/** The lesson row, then each file and its lesson_files row; the first audio is the lesson's. */
async function storeLesson(
  form: UploadLesson,
  files: readonly File[],
  audioSeconds: number | null,
  onProgress: (percent: number) => void,
): Promise<void> {
  const supabase = await getSupabase();
  const { data: lesson, error: insertError } = await supabase
    .from('lessons')
    .insert({
      title: form.title.normalize('NFC'),
      description: form.description?.normalize('NFC') ?? null,
      level: form.level,
      topic: form.topic,
      duration: form.durationSeconds ?? audioSeconds,
      language_from: form.languageFrom,
      language_to: form.languageTo,
      is_published: false,
    })
    .select('id')
    .single();
  if (insertError) throw toAppError(insertError);
  const steps = files.length + 1;
  onProgress(Math.round((1 / steps) * 100));
  let audioPath: string | null = null;
  for (const [index, file] of files.entries()) {
    const target = uploadTargetFor(file);
    const path = objectPath(lesson.id, file.name);
    await uploadObject(target.bucket, path, file, file.type);
    const { error: rowError } = await supabase.from('lesson_files').insert({
      lesson_id: lesson.id,
      file_name: file.name.normalize('NFC'),
      file_path: path,
      file_type: target.fileType,
      mime_type: file.type || null,
      file_size: file.size,
      bucket_id: target.bucket,
    });
    if (rowError) throw toAppError(rowError);
    if (target.fileType === 'audio' && audioPath === null) audioPath = path;
    onProgress(Math.round(((index + 2) / steps) * 100));
  }
  if (audioPath) {
    const { error: audioError } = await supabase
      .from('lessons')
      .update({ audio_url: audioPath })
      .eq('id', lesson.id);
    if (audioError) throw toAppError(audioError);
  }
}

/** The Upload Lesson form's submit: checks, then stores the lesson and its files. */
export function useUploadLesson(onStored: () => void) {
  const t = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };

  const upload = useMutation({
    mutationFn: async ({ form, files }: { form: UploadLesson; files: readonly File[] }) => {
      const audio = await readAudio(files);
      if ('key' in audio) return audio;
      await storeLesson(form, files, audio.seconds, setProgress);
      return null;
    },
    onSuccess: async (refused) => {
      if (refused) return fail(t(refused.key, refused.params));
      setProgress(100);
      notify.success(t('upload.success'));
      onStored();
      // The admin lists (lessons, QA) show the new draft at once, not after their 30 s.
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: async (e) => {
      console.error('Upload failed', e);
      fail(t('upload.failed'));
      // A failure after the lesson row was stored leaves a draft the lists should show too.
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });

  const submit = async (input: UploadLessonInput, files: readonly File[]) => {
    setError(null);
    const supabase = await getSupabase();
    // Asks the server, not the cached session: a session ended elsewhere must not upload.
    const { data: current } = await supabase.auth.getUser();
    const checked = validateUploadLesson(input, { signedIn: Boolean(user && current.user) });
    if (!checked.ok) return fail(t(checked.key, checked.params));
    setProgress(0);
    upload.mutate({ form: checked.value, files });
  };

  return { submit, progress, error, uploading: upload.isPending };
}
