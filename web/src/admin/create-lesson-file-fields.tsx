import type { ReactNode } from 'react';
import type { CsvIssue } from '@magyarul/core/csv';
import { formatClock } from '@magyarul/core/lessons';
import { useT } from '../lib/i18n/i18n.tsx';
import { AudioMatching } from './audio-matching.tsx';
import { TranscriptPreview, VocabularyPreview } from './create-preview.tsx';
import { FileField } from './form-fields.tsx';
import { FieldError, FileProgress } from './shared.tsx';
import type { CreateLessonFiles, CsvState } from './use-create-lesson-files.ts';

const FLASHCARDS_PER_WORD = 4;

const CSV_TEXT = {
  transcript: { label: 'adminUi.transcriptFile', hint: 'create.transcriptColumnsHint' },
  vocabulary: { label: 'adminUi.vocabularyFile', hint: 'create.vocabularyColumnsHint' },
} as const;

/**
 * A CSV's picker, its progress, its file problem, the columns it wants and its row problems;
 * `children` (its preview) once it has rows.
 */
function CsvFileField({
  kind,
  files,
  errors,
  children,
}: {
  kind: keyof typeof CSV_TEXT;
  files: CreateLessonFiles;
  errors: Record<string, string>;
  children: ReactNode;
}) {
  const t = useT();
  const csv: CsvState<unknown> = files[kind];
  const onFile = kind === 'transcript' ? files.onTranscript : files.onVocabulary;
  return (
    <>
      <FileField
        label={t(CSV_TEXT[kind].label)}
        accept=".csv"
        onFiles={(list) => void onFile(list?.[0])}
      />
      <FileProgress file={csv.file} />
      <FieldError message={errors[kind] ?? csv.fileError} />
      <p className="small muted">{t(CSV_TEXT[kind].hint)}</p>
      <CsvIssues issues={csv.issues} />
      {csv.items.length > 0 && children}
    </>
  );
}

function CsvIssues({ issues }: { issues: CsvIssue[] }) {
  const t = useT();
  if (issues.length === 0) return null;
  return (
    <ul className="admin-issues" aria-label={t('adminUi.csvProblems')}>
      {issues.map((issue, i) => (
        <li key={`${issue.code}-${issue.row ?? 'file'}-${i}`}>{t(issue.key, issue.params)}</li>
      ))}
    </ul>
  );
}

/** The create dialog's files: lesson audio, transcript and vocabulary CSVs, the words' audio. */
export function CreateLessonFileFields({
  files,
  errors,
}: {
  files: CreateLessonFiles;
  errors: Record<string, string>;
}) {
  const t = useT();
  const { audio, transcript, vocabulary, matching } = files;
  const audioOf = (id: string) => matching?.matched.find((p) => p.word.id === id)?.file.name;
  return (
    <>
      <FileField
        label={t('adminUi.audioFile')}
        accept=".mp3,.wav"
        onFiles={(list) => void files.onAudio(list?.[0])}
      />
      <FileProgress file={audio.file} />
      <FieldError message={errors.audio ?? audio.error} />
      {audio.seconds !== null && (
        <p className="small muted">
          {t('transcript.audioLength', { duration: formatClock(audio.seconds) })}
        </p>
      )}

      <CsvFileField kind="transcript" files={files} errors={errors}>
        <TranscriptPreview
          lines={transcript.items}
          onChange={(index, line) =>
            files.setTranscript((current) => ({
              ...current,
              items: current.items.map((l, i) => (i === index ? line : l)),
            }))
          }
        />
      </CsvFileField>

      <CsvFileField kind="vocabulary" files={files} errors={errors}>
        {vocabulary.issues.length === 0 && (
          <p className="small muted">
            {t('create.flashcardsPerWord', {
              n: vocabulary.items.length * FLASHCARDS_PER_WORD,
              perWord: FLASHCARDS_PER_WORD,
            })}
          </p>
        )}
        <VocabularyPreview
          words={vocabulary.items}
          audioOf={(word) => audioOf(word.id) ?? null}
          onChange={(word) =>
            files.setVocabulary((current) => ({
              ...current,
              items: current.items.map((w) => (w.id === word.id ? word : w)),
            }))
          }
        />
      </CsvFileField>

      <FileField
        label={t('adminUi.vocabularyAudio')}
        multiple
        onFiles={(list) => void files.onWordAudio(list)}
      />
      {files.skipMessage && <p className="small muted">{files.skipMessage}</p>}
      {matching && (
        <AudioMatching words={vocabulary.items} matching={matching} onAssign={files.assign} />
      )}
    </>
  );
}
