import { useState, type FormEvent } from 'react';
import { formatMegabytes } from '@magyarul/core/files';
import {
  LANGUAGE_CODES,
  LEVELS,
  SOURCE_LANGUAGE_OF,
  TARGET_LANGUAGES,
  type Level as LessonLevel,
} from '@magyarul/core/enums';
import { Button } from '../components/button.tsx';
import { ProgressBar } from '../components/progress.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { FieldError, LabelledInput } from './shared.tsx';
import { FileField, SelectField } from './form-fields.tsx';
import { useUploadLesson } from './use-upload-lesson.ts';
import './admin.css';

type Level = '' | LessonLevel;

/** The form's choices, named in the interface language (the values are what is stored). */
function useChoices() {
  const t = useT();
  const format = useFormat();
  const levels: readonly { value: Level; label: string }[] = [
    { value: '', label: '—' },
    ...LEVELS.map((value) => ({ value, label: format.level(value) })),
  ];
  const from = LANGUAGE_CODES.map((code) => ({
    value: SOURCE_LANGUAGE_OF[code],
    label: t(`language.${code}`),
  }));
  const to = TARGET_LANGUAGES.map((value) => ({ value, label: t('adminUi.hungarian') }));
  return { levels, from, to };
}

export function UploadPage() {
  const t = useT();
  const choices = useChoices();
  const [title, setTitle] = useState('');
  const [level, setLevel] = useState<Level>('');
  const [description, setDescription] = useState('');
  const [topic, setTopic] = useState('');
  const [duration, setDuration] = useState('');
  const [from, setFrom] = useState('english');
  const [to, setTo] = useState('hungarian');
  const [files, setFiles] = useState<File[]>([]);
  const clear = () => {
    setTitle('');
    setLevel('');
    setDescription('');
    setTopic('');
    setDuration('');
    setFiles([]);
  };
  const { submit, progress, error, uploading } = useUploadLesson(clear);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { title, level, description, topic, durationMinutes: duration };
    void submit({ ...input, languageFrom: from, languageTo: to }, files);
  };

  return (
    <main id="main" className="page narrow admin-page">
      <h1>{t('upload.submit')}</h1>
      <form className="form card" onSubmit={onSubmit} noValidate>
        <LabelledInput label={t('upload.field.title')}>
          {(id) => <input id={id} value={title} onChange={(e) => setTitle(e.target.value)} />}
        </LabelledInput>
        <SelectField
          label={t('upload.field.level')}
          value={level}
          options={choices.levels}
          onChange={setLevel}
        />
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
        <SelectField
          label={t('upload.field.from')}
          value={from}
          options={choices.from}
          onChange={setFrom}
        />
        <SelectField
          label={t('upload.field.to')}
          value={to}
          options={choices.to}
          onChange={setTo}
        />
        <FileField
          label={t('adminUi.files')}
          multiple
          onFiles={(list) => setFiles(Array.from(list ?? []))}
        />
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
        <FieldError message={error} />
        <Button type="submit" disabled={uploading}>
          {uploading ? t('adminUi.uploading') : t('upload.submit')}
        </Button>
      </form>
    </main>
  );
}
