import { useMemo, useReducer, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkTranscript,
  transcriptSavePlan,
  type TranslationLanguage,
} from '@magyarul/core/lessons';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import {
  audioUrlOf,
  fetchLessonById,
  fetchLevels,
  fetchTranscript,
  fetchVocabulary,
  insertQaReview,
  saveTranscript,
  TranscriptChangedError,
  updateLesson,
  updateVocabulary,
  type AdminLesson,
  type VocabularyRow,
} from './api.ts';
import {
  lessonPatch,
  metaOf,
  missesRequiredWord,
  missingLanguages,
  vocabularyPatch,
  type Meta,
} from './review-save.ts';
import { toEditorWord, type EditorWord } from './review-vocabulary.tsx';
import { fetchLineTokens } from './tokens-api.ts';
import {
  currentLines,
  draftIssues,
  emptyTranscriptState,
  transcriptReducer,
  type TranscriptAction,
} from './transcript-editor-state.ts';
import type { FieldIssue } from './transcript-lines.tsx';
import { useTokenEdits } from './use-token-edits.ts';

export type Loaded = { lesson: AdminLesson; levels: string[] };

const EMPTY_META: Meta = { lessonNumber: '', title: '', description: '', level: '', topic: '' };

/**
 * The length of the lesson's recording in seconds, read from the file itself (the lessons row
 * keeps it rounded to whole seconds). Until the file answers, the rounded value plus the half
 * second it may have lost.
 */
export function useAudioSeconds(lesson: AdminLesson | null): number | null {
  const stored = lesson?.audio_url ?? null;
  const measured = useQuery({
    queryKey: ['audio-seconds', stored],
    queryFn: () => measureSeconds(stored),
    enabled: stored !== null,
    staleTime: Infinity,
    retry: false,
  });
  if (typeof measured.data === 'number') return measured.data;
  return lesson?.duration === null || lesson?.duration === undefined ? null : lesson.duration + 0.5;
}

/** The length of the stored audio as the browser reads it; null when it cannot be read. */
async function measureSeconds(stored: string | null): Promise<number | null> {
  const url = await audioUrlOf(stored);
  if (!url) return null;
  return new Promise((resolve) => {
    const audio = new Audio();
    const done = (seconds: number | null) => {
      audio.removeAttribute('src');
      resolve(seconds);
    };
    audio.preload = 'metadata';
    audio.onloadedmetadata = () =>
      done(Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : null);
    audio.onerror = () => done(null);
    audio.src = url;
  });
}

/** The lesson, its levels, transcript and vocabulary as stored; null when there is no such lesson. */
async function readReview(lessonId: string) {
  const found = await fetchLessonById(lessonId);
  if (!found) return null;
  const [lines, vocabulary, levels] = await Promise.all([
    fetchTranscript(lessonId),
    fetchVocabulary(lessonId),
    fetchLevels().catch(() => [] as string[]),
  ]);
  const tokens = await fetchLineTokens(lines.map((line) => line.id));
  return { lesson: found, levels, lines, vocabulary, tokens };
}

/** The lesson's words as stored (a link may only name a stored word). */
function storedWordList(
  words: readonly EditorWord[],
  stored: ReadonlyMap<string, VocabularyRow>,
): EditorWord[] {
  return words.filter((w) => stored.has(w.id));
}

/** Everything the review page edits, and its saves (only what changed is written). */
export function useReviewEditor(lessonId: string) {
  const t = useT();
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState<Loaded | null | 'loading'>('loading');
  const [meta, setMeta] = useState<Meta>(EMPTY_META);
  const [transcript, dispatchTranscript] = useReducer(transcriptReducer, emptyTranscriptState);
  const [words, setWords] = useState<EditorWord[]>([]);
  const [storedWords, setStoredWords] = useState<ReadonlyMap<string, VocabularyRow>>(new Map());
  const [notes, setNotes] = useState('');
  const [dirty, setDirty] = useState(false);
  const tokens = useTokenEdits(() => setDirty(true));
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const lesson = loaded && loaded !== 'loading' ? loaded.lesson : null;
  const audioSeconds = useAudioSeconds(lesson);

  // The page's read goes through the query client, under its own key: the ['admin'] refreshes
  // other parts of the page start must not reload it over the admin's unsaved edits. Each visit
  // reads afresh (gcTime 0), and a failed read is answered at once (no retry).
  const read = useQuery({
    queryKey: ['review', lessonId],
    queryFn: async () => {
      try {
        return await readReview(lessonId);
      } catch (error) {
        notify.error(t('reviewPage.loadFailed'));
        throw error;
      }
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  // What was read seeds the editor once; from then on the editor holds the admin's edits. A new
  // answer of the read is applied while rendering (not in an effect, which would render twice).
  const [seededFrom, setSeededFrom] = useState<{ data: unknown; isError: boolean } | null>(null);
  if (seededFrom === null || seededFrom.data !== read.data || seededFrom.isError !== read.isError) {
    setSeededFrom({ data: read.data, isError: read.isError });
    if (read.isError || read.data === null) setLoaded(null);
    else if (read.data !== undefined) {
      const { lesson: found, levels, lines: rows, vocabulary, tokens: tokenRows } = read.data;
      tokens.load(tokenRows);
      setLoaded({ lesson: found, levels });
      setMeta(metaOf(found));
      dispatchTranscript({ type: 'loaded', rows });
      setWords(vocabulary.map(toEditorWord));
      setStoredWords(new Map(vocabulary.map((row) => [row.id, row])));
    }
  }

  const lines = useMemo(() => currentLines(transcript), [transcript]);
  const issues: FieldIssue[] = useMemo(
    () =>
      [
        ...draftIssues(transcript),
        ...checkTranscript(lines, transcript.original, audioSeconds),
      ].map((issue) => ({
        index: issue.index,
        field: issue.field,
        blocking: issue.blocking,
        message: t(issue.key, issue.params),
      })),
    [transcript, lines, audioSeconds, t],
  );

  const editTranscript = (action: TranscriptAction) => {
    dispatchTranscript(action);
    if (action.type !== 'view' && action.type !== 'time-done') setDirty(true);
  };

  const editMeta = <K extends keyof Meta>(key: K, value: Meta[K]) => {
    setMeta((m) => ({ ...m, [key]: value }));
    setDirty(true);
  };

  const changeWords = (next: EditorWord[], edited: boolean, added?: VocabularyRow) => {
    setWords(next);
    setStoredWords((stored) => {
      const ids = new Set(next.map((w) => w.id));
      const kept = new Map([...stored].filter(([id]) => ids.has(id)));
      if (added) kept.set(added.id, added);
      return kept;
    });
    if (edited) setDirty(true);
  };

  const editNotes = (value: string) => {
    setNotes(value);
    setDirty(true);
  };

  /** Checks the transcript; false (with the message shown) when it may not be saved. */
  const transcriptSavable = (): boolean => {
    const plan = transcriptSavePlan(lines, transcript.original);
    const blocked = issues.some((i) => i.blocking);
    if (blocked && (plan.changed || draftIssues(transcript).length > 0)) {
      notify.error(t('transcript.notSaved'));
      return false;
    }
    if (tokens.hasIssues) {
      notify.error(t('tokenEdit.notSaved'));
      return false;
    }
    return true;
  };

  /** Writes the transcript when it differs from what was read, then the edited tokens. */
  const writeTranscript = async (): Promise<void> => {
    const plan = transcriptSavePlan(lines, transcript.original);
    const before = transcript.original;
    let rows = before;
    if (plan.changed) {
      rows = await saveTranscript(
        lessonId,
        plan.lines,
        before.map((row) => ({ id: row.id, updated_at: row.updated_at })),
      );
      dispatchTranscript({ type: 'loaded', rows });
    }
    await writeTokens(before, rows, plan.changed);
  };

  /**
   * After the lines are saved: the author's edited tokens, and proposed tokens for new lines and
   * lines whose text changed (the database dropped their old tokens and word times with the old
   * text; the words that survive the change keep their edits), and a word on which lines lost
   * their word times. Lines whose text stayed and whose words were not edited are not written.
   */
  const writeTokens = async (
    before: typeof transcript.original,
    rows: typeof before,
    changed: boolean,
  ) => {
    const vocabulary = words
      .filter((w) => storedWords.has(w.id))
      .map((w) => ({ id: w.id, lemma: w.word_hu }));
    const dropped = await tokens.write(lessonId, before, rows, vocabulary, changed);
    if (dropped.length > 0) {
      notify.info(
        t('transcript.wordTimesDropped', { count: dropped.length, lines: dropped.join(', ') }),
      );
    }
  };

  const reportFailure = (error: unknown, what: string) => {
    if (error instanceof TranscriptChangedError) {
      notify.error(t('transcript.changedElsewhere'));
      return;
    }
    console.error(`${what} failed`, error);
    notify.error(t('reviewPage.saveFailed'));
  };

  const markSaved = () => {
    setDirty(false);
    setSavedAt(new Date());
  };

  const transcriptSave = useMutation({
    mutationFn: writeTranscript,
    onSuccess: () => {
      markSaved();
      notify.success(t('transcript.saved'));
    },
    onError: (error) => reportFailure(error, 'Saving the transcript'),
  });
  const saveTranscriptOnly = () => {
    if (transcriptSavable()) transcriptSave.mutate();
  };

  /** Writes what changed: transcript, words, the lesson row, and the QA notes on a publish. */
  const lessonSave = useMutation({
    mutationFn: async ({ publish, lesson, levels }: { publish: boolean } & Loaded) => {
      await writeTranscript();
      const stored = new Map(storedWords);
      for (const word of words) {
        const row = stored.get(word.id);
        const patch = row ? vocabularyPatch(word, row) : null;
        if (!row || !patch) continue;
        await updateVocabulary(word.id, patch);
        stored.set(word.id, { ...row, ...patch });
      }
      setStoredWords(stored);
      // The form shows what is stored now (trimmed, NFC), so the next save compares alike.
      setWords((current) =>
        current.map((w) => {
          const row = stored.get(w.id);
          return row ? { ...toEditorWord(row), audio_file_path: w.audio_file_path } : w;
        }),
      );
      const patch = { ...lessonPatch(meta, lesson), is_published: publish };
      await updateLesson(lessonId, { ...patch, updated_at: new Date().toISOString() });
      if (publish && notes.trim() !== '') await insertQaReview(lessonId, notes.trim());
      markSaved();
      const saved = { ...lesson, ...patch };
      setLoaded({ lesson: saved, levels });
      setMeta(metaOf(saved));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onSuccess: (_, { publish }) =>
      notify.success(publish ? t('reviewPage.published') : t('reviewPage.savedDraft')),
    onError: (error) => reportFailure(error, 'Saving the lesson'),
  });

  const languageNames = (languages: readonly TranslationLanguage[]) =>
    languages.map((l) => t(`translations.language.${l}`)).join(', ');

  /** Save Draft (publish false) or Publish: validates everything, then writes what changed. */
  const save = async (publish: boolean): Promise<boolean> => {
    if (!lesson || !loaded || loaded === 'loading') return false;
    if (!transcriptSavable()) return false;
    if (
      words.some(
        (w) =>
          storedWords.has(w.id) && missesRequiredWord(w, storedWords.get(w.id) as VocabularyRow),
      )
    ) {
      notify.error(t('vocabulary.wordsRequired'));
      return false;
    }
    if (publish) {
      const missing = missingLanguages(words, lines);
      if (
        missing.length > 0 &&
        !window.confirm(t('translations.publishWarning', { languages: languageNames(missing) }))
      ) {
        return false;
      }
    }
    try {
      await lessonSave.mutateAsync({ publish, lesson, levels: loaded.levels });
      return true;
    } catch {
      return false;
    }
  };

  return {
    loaded,
    setLoaded,
    meta,
    editMeta,
    transcript,
    editTranscript,
    issues,
    audioSeconds,
    wordTimes: tokens.wordTimes,
    wordsEditor: { editing: tokens.editing, lessonWords: storedWordList(words, storedWords) },
    words,
    changeWords,
    notes,
    editNotes,
    dirty,
    saving: lessonSave.isPending || transcriptSave.isPending,
    savedAt,
    save,
    saveTranscriptOnly,
  };
}
