import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  parseTranscriptEditorText,
  parseTranscriptFile,
  parseTranscriptPaste,
  transcriptToEditorText,
} from '@magyarul/core/csv';
import { checkUpload } from '@magyarul/core/files';
import {
  duplicateLessonWarning,
  formatDuration,
  LESSON_NUMBER_CHECK_DELAY_MS,
  parseLessonNumber,
  savedIndicatorText,
  withDefaultTimings,
} from '@magyarul/core/lessons';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import {
  fetchLessonById,
  fetchLevels,
  fetchTranscript,
  fetchVocabulary,
  findLessonWithNumber,
  insertQaReview,
  replaceTranscript,
  updateLesson,
  updateVocabulary,
  type AdminLesson,
  type VocabularyRow,
} from './api.ts';
import { label } from './labels.ts';
import { LabelledInput } from './shared.tsx';
import { ReviewAudio } from './review-audio.tsx';
import { ReviewVocabulary, type EditorWord } from './review-vocabulary.tsx';
import { toDbDifficulty, toEditorDifficulty } from './difficulty.ts';
import './admin.css';

const PUBLISH_REDIRECT_MS = 1500;

type Meta = {
  lessonNumber: string;
  title: string;
  description: string;
  level: string;
  topic: string;
};

type Loaded = { lesson: AdminLesson; levels: string[] };

function FormatHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('transcript.formatHelp')}
      closeLabel={label('close')}
    >
      <p>{label('formatHelpIntro')}</p>
      <p>{t('transcript.pasteHint')}</p>
      <h3>{label('speakers')}</h3>
      <ul>
        <li>NARRATOR</li>
        <li>ANNA</li>
        <li>BENCE</li>
      </ul>
      <h3>{label('example')}</h3>
      <pre lang="hu">
        {
          'speaker,text\nNARRATOR,Anna és Bence a kávézóban.\nANNA,Szia Bence! Hogy vagy?\nBENCE,Köszönöm, jól vagyok.'
        }
      </pre>
    </Dialog>
  );
}

function PasteDialog({
  open,
  onClose,
  onLoad,
}: {
  open: boolean;
  onClose: () => void;
  onLoad: (text: string) => boolean;
}) {
  const t = useT();
  const [text, setText] = useState('');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('transcript.pasteContent')}
      closeLabel={label('close')}
    >
      <p className="small muted">{t('transcript.pasteHint')}</p>
      <LabelledInput label={label('pasteContent')}>
        {(id) => (
          <textarea id={id} rows={10} value={text} onChange={(e) => setText(e.target.value)} />
        )}
      </LabelledInput>
      <div className="form-actions">
        <Button
          onClick={() => {
            if (onLoad(text)) {
              setText('');
              onClose();
            }
          }}
        >
          {t('transcript.parseAndLoad')}
        </Button>
      </div>
    </Dialog>
  );
}

export function ReviewPage() {
  const t = useT();
  const { lessonId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState<Loaded | null | 'loading'>('loading');
  const [meta, setMeta] = useState<Meta>({
    lessonNumber: '',
    title: '',
    description: '',
    level: '',
    topic: '',
  });
  const [transcriptText, setTranscriptText] = useState('');
  const [hadTranscript, setHadTranscript] = useState(false);
  const [words, setWords] = useState<EditorWord[]>([]);
  const [notes, setNotes] = useState('');
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [now, setNow] = useState(() => new Date());
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const [pasteOpen, setPasteOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const csvInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    try {
      const lesson = await fetchLessonById(lessonId);
      if (!lesson) {
        setLoaded(null);
        return;
      }
      const [lines, vocabulary, levels] = await Promise.all([
        fetchTranscript(lessonId),
        fetchVocabulary(lessonId),
        fetchLevels().catch(() => [] as string[]),
      ]);
      setLoaded({ lesson, levels });
      setMeta({
        lessonNumber: lesson.lesson_number === null ? '' : String(lesson.lesson_number),
        title: lesson.title,
        description: lesson.description ?? '',
        level: lesson.level,
        topic: lesson.topic ?? '',
      });
      setTranscriptText(transcriptToEditorText(lines));
      setHadTranscript(lines.length > 0);
      setWords(vocabulary.map(fromRow));
    } catch {
      notify.error(t('reviewPage.loadFailed'));
      setLoaded(null);
    }
  }, [lessonId, t]);

  useEffect(() => {
    void load();
  }, [load]);

  // The indicator's "n seconds ago" moves on by itself.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = t('reviewPage.unsavedChanges');
      return t('reviewPage.unsavedChanges');
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, t]);

  // Duplicate lesson number: 500 ms after typing stops, this lesson excluded.
  useEffect(() => {
    setDuplicate(null);
    const number = parseLessonNumber(meta.lessonNumber);
    if (number === null) return;
    let active = true;
    const timer = window.setTimeout(() => {
      findLessonWithNumber(number, lessonId)
        .then((other) => {
          if (active) setDuplicate(other ? duplicateLessonWarning(other) : null);
        })
        .catch(() => undefined);
    }, LESSON_NUMBER_CHECK_DELAY_MS);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [meta.lessonNumber, lessonId]);

  const edit = <K extends keyof Meta>(key: K, value: Meta[K]) => {
    setMeta((m) => ({ ...m, [key]: value }));
    setDirty(true);
  };

  const markSaved = () => {
    setDirty(false);
    setSavedAt(new Date());
  };

  const save = async (publish: boolean) => {
    if (!loaded || loaded === 'loading') return;
    setSaving(true);
    try {
      const duration = loaded.lesson.duration;
      await updateLesson(lessonId, {
        lesson_number: parseLessonNumber(meta.lessonNumber),
        title: meta.title.trim().normalize('NFC'),
        description: meta.description.trim().normalize('NFC') || null,
        level: meta.level,
        topic: meta.topic.trim() || null,
        duration: duration === null ? null : Math.round(duration),
        is_published: publish,
        updated_at: new Date().toISOString(),
      });
      await saveTranscriptLines();
      for (const word of words) {
        await updateVocabulary(word.id, {
          word_hu: word.word_hu.trim().normalize('NFC'),
          word_en: word.word_en.trim().normalize('NFC'),
          difficulty: toDbDifficulty(word.difficulty),
        });
      }
      if (publish && notes.trim() !== '') await insertQaReview(lessonId, notes.trim());
      markSaved();
      setLoaded({ ...loaded, lesson: { ...loaded.lesson, is_published: publish } });
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      if (publish) {
        notify.success(t('reviewPage.published'));
        window.setTimeout(() => void navigate('/admin?tab=qa'), PUBLISH_REDIRECT_MS);
      } else {
        notify.success(t('reviewPage.savedDraft'));
      }
    } catch (error) {
      console.error('Saving the lesson failed', error);
      notify.error(t('reviewPage.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const saveTranscriptLines = async () => {
    const { items } = parseTranscriptEditorText(transcriptText);
    const lines = withDefaultTimings(
      items.map((l) => ({ ...l, start_time: null, end_time: null })),
    );
    await replaceTranscript(lessonId, lines);
    setHadTranscript(lines.length > 0);
  };

  const saveTranscript = async () => {
    setSaving(true);
    try {
      await saveTranscriptLines();
      markSaved();
      notify.success(t('transcript.saved'));
    } catch (error) {
      console.error('Saving the transcript failed', error);
      notify.error(t('reviewPage.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const loadLines = (lines: readonly { speaker: string; text_content: string }[]) => {
    setTranscriptText(transcriptToEditorText(lines));
    setDirty(true);
    notify.success(t('transcript.loaded', { n: lines.length }));
  };

  const onCsv = async (file: File | undefined) => {
    if (!file) return;
    const check = checkUpload('review-transcript-csv', file);
    if (!check.ok) {
      notify.error(check.message);
      return;
    }
    try {
      const result = parseTranscriptFile(new Uint8Array(await file.arrayBuffer()));
      if (result.items.length === 0) {
        notify.error(result.issues[0]?.message ?? t('transcript.csvParseFailed'));
        return;
      }
      loadLines(result.items);
    } catch {
      notify.error(t('transcript.csvParseFailed'));
    }
  };

  const onPaste = (text: string): boolean => {
    try {
      const result = parseTranscriptPaste(text);
      if (result.items.length === 0) {
        notify.error(result.issues[0]?.message ?? t('transcript.pasteParseFailed'));
        return false;
      }
      loadLines(result.items);
      return true;
    } catch {
      notify.error(t('transcript.pasteParseFailed'));
      return false;
    }
  };

  if (loaded === 'loading') return <Spinner label={t('app.loading')} centred />;
  if (loaded === null) {
    return (
      <main id="main" className="page narrow center">
        <h1>{label('lessonNotFound')}</h1>
        <Button onClick={() => void navigate('/admin?tab=qa')}>{t('reviewPage.backToQa')}</Button>
      </main>
    );
  }

  const { lesson, levels } = loaded;
  const levelOptions = [...new Set([...levels, lesson.level])];
  const indicator = savedIndicatorText(savedAt, now, saving);

  return (
    <main id="main" className="page admin-page admin-review">
      <header className="admin-sticky">
        <Button variant="ghost" onClick={() => void navigate('/admin?tab=qa')}>
          ← {t('reviewPage.backToQa')}
        </Button>
        <span className="small muted" role="status" aria-live="polite">
          {indicator ?? ''}
        </span>
        <div className="button-row">
          <Button variant="secondary" disabled={saving} onClick={() => void save(false)}>
            {t('reviewPage.saveDraft')}
          </Button>
          <Button disabled={saving} onClick={() => void save(true)}>
            {t('reviewPage.publish')}
          </Button>
        </div>
      </header>
      <h1>{meta.title || lesson.title}</h1>

      <section className="card stack" aria-labelledby="meta-heading">
        <h2 id="meta-heading">1. {t('reviewPage.section.metadata')}</h2>
        <LabelledInput label={label('lessonNumber')}>
          {(id) => (
            <input
              id={id}
              inputMode="numeric"
              value={meta.lessonNumber}
              onChange={(e) => {
                const value = e.target.value;
                edit('lessonNumber', parseLessonNumber(value) === null ? '' : value.trim());
              }}
            />
          )}
        </LabelledInput>
        {duplicate && (
          <p className="form-error" role="alert">
            {duplicate}
          </p>
        )}
        <LabelledInput label={label('duration')}>
          {(id) => <input id={id} readOnly value={formatDuration(lesson.duration)} />}
        </LabelledInput>
        <LabelledInput label={label('title')}>
          {(id) => (
            <input id={id} value={meta.title} onChange={(e) => edit('title', e.target.value)} />
          )}
        </LabelledInput>
        <LabelledInput label={label('description')}>
          {(id) => (
            <textarea
              id={id}
              rows={4}
              value={meta.description}
              onChange={(e) => edit('description', e.target.value)}
            />
          )}
        </LabelledInput>
        <LabelledInput label={label('level')}>
          {(id) => (
            <select id={id} value={meta.level} onChange={(e) => edit('level', e.target.value)}>
              {levelOptions.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          )}
        </LabelledInput>
        <LabelledInput label={label('topic')}>
          {(id) => (
            <input id={id} value={meta.topic} onChange={(e) => edit('topic', e.target.value)} />
          )}
        </LabelledInput>
      </section>

      <ReviewAudio
        lesson={lesson}
        onChanged={(patch) => setLoaded({ ...loaded, lesson: { ...lesson, ...patch } })}
      />

      <section className="card stack" aria-labelledby="transcript-heading">
        <h2 id="transcript-heading">3. {t('reviewPage.section.transcript')}</h2>
        {!hadTranscript && transcriptText === '' && (
          <p className="muted">{t('transcript.empty')}</p>
        )}
        <LabelledInput label={label('transcriptText')}>
          {(id) => (
            <textarea
              id={id}
              rows={20}
              lang="hu"
              value={transcriptText}
              onChange={(e) => {
                setTranscriptText(e.target.value);
                setDirty(true);
              }}
            />
          )}
        </LabelledInput>
        <div className="button-row">
          <Button onClick={() => void saveTranscript()} disabled={saving}>
            {t('transcript.saveChanges')}
          </Button>
          <Button variant="secondary" onClick={() => csvInput.current?.click()}>
            {hadTranscript ? t('transcript.uploadNewCsv') : t('transcript.uploadCsvFile')}
          </Button>
          <input
            ref={csvInput}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={
              hadTranscript ? t('transcript.uploadNewCsv') : t('transcript.uploadCsvFile')
            }
            onChange={(e) => {
              void onCsv(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button variant="secondary" onClick={() => setPasteOpen(true)}>
            {t('transcript.pasteContent')}
          </Button>
          <Button variant="ghost" onClick={() => setHelpOpen(true)}>
            {t('transcript.formatHelp')}
          </Button>
        </div>
      </section>

      <ReviewVocabulary
        lessonId={lessonId}
        words={words}
        onWordsChange={(next, edited) => {
          setWords(next);
          if (edited) setDirty(true);
        }}
      />

      <section className="card stack" aria-labelledby="qa-heading">
        <h2 id="qa-heading">5. {t('reviewPage.section.qa')}</h2>
        <LabelledInput label={label('qaNotes')}>
          {(id) => (
            <textarea
              id={id}
              rows={4}
              value={notes}
              onChange={(e) => {
                setNotes(e.target.value);
                setDirty(true);
              }}
            />
          )}
        </LabelledInput>
      </section>

      <PasteDialog open={pasteOpen} onClose={() => setPasteOpen(false)} onLoad={onPaste} />
      <FormatHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </main>
  );
}

function fromRow(row: VocabularyRow): EditorWord {
  return {
    id: row.id,
    word_hu: row.word_hu,
    word_en: row.word_en,
    difficulty: toEditorDifficulty(row.difficulty),
    audio_file_path: row.audio_file_path,
  };
}
