import { useState, type FormEvent } from 'react';
import { formatMegabytes, uploadTargetFor } from '@magyarul/core/files';
import type { Level as LessonLevel } from '@magyarul/core/enums';
import { validateUploadLesson } from '@magyarul/core/validation';
import { Button } from '../components/button.tsx';
import { ProgressBar } from '../components/progress.tsx';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { getSupabase, toAppError } from '../lib/supabase.ts';
import { objectPath, uploadObject } from './api.ts';
import { LabelledInput } from './shared.tsx';
import { readAudioFile } from './audio-content.ts';
import './admin.css';

type Level = '' | LessonLevel;

export function UploadPage() {
  const t = useT();
  const { user } = useAuth();
  const [title, setTitle] = useState('');
  const [level, setLevel] = useState<Level>('');
  const [description, setDescription] = useState('');
  const [topic, setTopic] = useState('');
  const [duration, setDuration] = useState('');
  const [from, setFrom] = useState('english');
  const [to, setTo] = useState('hungarian');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const supabase = await getSupabase();
    // Asks the server, not the cached session: a session ended elsewhere must not upload.
    const { data: current } = await supabase.auth.getUser();
    const checked = validateUploadLesson(
      {
        title,
        level,
        description,
        topic,
        durationMinutes: duration,
        languageFrom: from,
        languageTo: to,
      },
      { signedIn: Boolean(user && current.user) },
    );
    if (!checked.ok) {
      setError(t(checked.key, checked.params));
      notify.error(t(checked.key, checked.params));
      return;
    }
    const form = checked.value;
    setUploading(true);
    setProgress(0);
    // Files bound for the audio bucket are read first: one that is not decodable audio is
    // refused by name before anything is stored; the first audio file's length is the lesson's
    // duration when the form leaves it empty.
    let audioSeconds: number | null = null;
    for (const file of files) {
      if (uploadTargetFor(file).fileType !== 'audio') continue;
      const content = await readAudioFile('upload-form', file);
      if (!content.ok) {
        setUploading(false);
        setError(t(content.key, content.params));
        notify.error(t(content.key, content.params));
        return;
      }
      audioSeconds ??= Math.round(content.seconds);
    }
    try {
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
      setProgress(Math.round((1 / steps) * 100));
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
        setProgress(Math.round(((index + 2) / steps) * 100));
      }
      if (audioPath) {
        const { error: audioError } = await supabase
          .from('lessons')
          .update({ audio_url: audioPath })
          .eq('id', lesson.id);
        if (audioError) throw toAppError(audioError);
      }
      setProgress(100);
      notify.success(t('upload.success'));
      setTitle('');
      setLevel('');
      setDescription('');
      setTopic('');
      setDuration('');
      setFiles([]);
    } catch (e) {
      console.error('Upload failed', e);
      setError(t('upload.failed'));
      notify.error(t('upload.failed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <main id="main" className="page narrow admin-page">
      <h1>{t('upload.submit')}</h1>
      <form className="form card" onSubmit={(e) => void submit(e)} noValidate>
        <LabelledInput label={t('upload.field.title')}>
          {(id) => <input id={id} value={title} onChange={(e) => setTitle(e.target.value)} />}
        </LabelledInput>
        <LabelledInput label={t('upload.field.level')}>
          {(id) => (
            <select id={id} value={level} onChange={(e) => setLevel(e.target.value as Level)}>
              <option value="">—</option>
              <option value="beginner">beginner</option>
              <option value="intermediate">intermediate</option>
              <option value="advanced">advanced</option>
            </select>
          )}
        </LabelledInput>
        <LabelledInput label={t('upload.field.description')}>
          {(id) => (
            <textarea
              id={id}
              rows={4}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </LabelledInput>
        <LabelledInput label={t('upload.field.topic')}>
          {(id) => <input id={id} value={topic} onChange={(e) => setTopic(e.target.value)} />}
        </LabelledInput>
        <LabelledInput label={t('upload.field.duration')}>
          {(id) => (
            <input
              id={id}
              inputMode="decimal"
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
            />
          )}
        </LabelledInput>
        <LabelledInput label={t('upload.field.from')}>
          {(id) => (
            <select id={id} value={from} onChange={(e) => setFrom(e.target.value)}>
              <option value="english">English</option>
              <option value="german">German</option>
              <option value="spanish">Spanish</option>
            </select>
          )}
        </LabelledInput>
        <LabelledInput label={t('upload.field.to')}>
          {(id) => (
            <select id={id} value={to} onChange={(e) => setTo(e.target.value)}>
              <option value="hungarian">Hungarian</option>
            </select>
          )}
        </LabelledInput>
        <LabelledInput label={t('adminUi.files')}>
          {(id) => (
            <input
              id={id}
              type="file"
              multiple
              onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            />
          )}
        </LabelledInput>
        {files.length > 0 && (
          <ul className="admin-file-list" aria-label={t('adminUi.files')}>
            {files.map((f) => {
              const size = formatMegabytes(f.size);
              return (
                <li key={`${f.name}-${f.size}`}>
                  <span>{f.name.normalize('NFC')}</span>{' '}
                  <span className="muted">{t(size.key, size.params)}</span>
                </li>
              );
            })}
          </ul>
        )}
        {(uploading || progress > 0) && (
          <ProgressBar value={progress} max={100} label={t('adminUi.uploading')} />
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" disabled={uploading}>
          {uploading ? t('adminUi.uploading') : t('upload.submit')}
        </Button>
      </form>
    </main>
  );
}
