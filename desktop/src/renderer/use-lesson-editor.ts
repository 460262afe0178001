import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createHistory } from '../shared/history.ts';
import type {
  Alignment,
  LessonDraft,
  LessonPatch,
  LineInput,
  LinePatch,
  LineTimes,
  Peaks,
  TranscriptLine,
  TokenEdit,
  VersionSpan,
} from '../shared/model.ts';
import { toInputs } from '../shared/transcript-edits.ts';
import { studio } from './studio.ts';
import { useVocabularyEdits } from './use-vocabulary-edits.ts';
import { useWindowAudio } from './use-window-audio.ts';

const withTimes = (lines: readonly TranscriptLine[], times: readonly LineTimes[]) =>
  lines.map((line) => {
    const t = times.find((x) => x.id === line.id);
    return t
      ? { ...line, startTime: t.startTime, endTime: t.endTime, timedByHand: t.byHand ?? false }
      : line;
  });

const LESSON_FIELDS = ['title', 'lessonNumber', 'level', 'description', 'topic'] as const;

/**
 * One lesson's draft in the editor and every edit an author makes to it. Each edit is applied
 * on screen at once, saved right away (autosave is the write itself) and recorded as one
 * undoable command whose undo writes the earlier state back. `onSaved` runs after each write
 * (the lesson list refreshes its counts and markers).
 */
export function useLessonEditor(lessonId: number, onSaved: () => void) {
  const [draft, setDraft] = useState<LessonDraft | null>(null);
  const [peaks, setPeaks] = useState<Peaks | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, setTick] = useState(0);
  const history = useMemo(() => createHistory(), []);
  // The draft and callback as last rendered, for edits that run later; written after commit.
  const current = useRef<LessonDraft | null>(draft);
  const saved = useRef(onSaved);
  useLayoutEffect(() => {
    current.current = draft;
    saved.current = onSaved;
  });

  const windowAudio = useWindowAudio(lessonId);

  useEffect(() => {
    let live = true;
    void Promise.all([
      studio().getDraft(lessonId),
      studio().getPeaks(lessonId),
      studio().mediaUrl({ kind: 'dialogue', lessonId }),
    ]).then(async ([nextDraft, nextPeaks, nextUrl]) => {
      if (!live) return;
      setDraft(nextDraft);
      setPeaks(nextPeaks);
      setUrl(nextUrl);
      // A recording the main process does not decode (AAC): drawn from the window's decode.
      const drawn = nextPeaks === null && nextUrl ? await windowAudio.peaks(nextUrl) : null;
      if (live && drawn) {
        setPeaks(drawn);
        setDraft(await studio().getDraft(lessonId));
      }
    });
    return () => {
      live = false;
    };
  }, [lessonId, windowAudio]);

  /** Re-reads the draft (issues and counts the store works out). */
  const reload = useCallback(async () => {
    const next = await studio().getDraft(lessonId);
    setDraft(next);
  }, [lessonId]);

  /** Edits sent or waiting to be sent (see `execute`). */
  const pending = useRef(0);

  const written = useCallback(async () => {
    setSavedAt(new Date().toLocaleTimeString());
    setTick((n) => n + 1);
    saved.current();
    // With later edits still queued, the store's state is older than the screen's: reloading
    // now would put back what they already show (and a nudge would build on the old times).
    if (pending.current <= 1) await reload();
  }, [reload]);

  /** Runs `apply` as an undoable command whose undo is `revert`; failures are shown. */
  const execute = useCallback(
    (label: string, apply: () => Promise<void>, revert: () => Promise<void>) => {
      const guarded = (step: () => Promise<void>) => async () => {
        try {
          setError(null);
          await step();
        } catch (e) {
          setError((e as Error).message);
          await reload();
        }
      };
      pending.current += 1;
      void history
        .execute({ label, apply: guarded(apply), revert: guarded(revert) })
        .finally(() => {
          pending.current -= 1;
        });
    },
    [history, reload],
  );

  /** The lines as the screen shows them this instant (ahead of the saves still queued). */
  const linesNow = useCallback(() => current.current?.lines ?? [], []);

  const patchLines = (update: (lines: readonly TranscriptLine[]) => TranscriptLine[]) =>
    setDraft((d) => d && { ...d, lines: update(d.lines) });

  /**
   * New times for some lines; `byHand` (the default) marks them as the author's, which the
   * aligner keeps as anchors. Undo puts back the times and the marks.
   */
  const changeTimes = useCallback(
    (label: string, next: readonly LineTimes[], byHand = true) => {
      const lines = current.current?.lines ?? [];
      const before = next.map((t) => {
        const line = lines.find((l) => l.id === t.id);
        return {
          id: t.id,
          startTime: line?.startTime ?? null,
          endTime: line?.endTime ?? null,
          byHand: line?.timedByHand ?? false,
        };
      });
      const show = (times: readonly LineTimes[]) => {
        const lesson = current.current;
        if (!lesson) return;
        // Kept in the ref at once, not at the next render: a key held down repeats faster than
        // React renders, and each nudge must start from the one before.
        current.current = { ...lesson, lines: withTimes(lesson.lines, times) };
        setDraft(current.current);
      };
      const write = (times: readonly LineTimes[]) => async () => {
        show(times);
        await studio().setLineTimes(lessonId, [...times]);
        await written();
      };
      const after = next.map((t) => ({ ...t, byHand }));
      show(after);
      // Shown already: when its turn to be saved comes, later edits may be on screen, and
      // showing this one again would take them back. Redo shows it again.
      let shown = true;
      const apply = write(after);
      execute(
        label,
        async () => {
          if (shown) {
            shown = false;
            await studio().setLineTimes(lessonId, [...after]);
            await written();
          } else await apply();
        },
        write(before),
      );
    },
    [execute, lessonId, written],
  );

  const [aligning, setAligning] = useState(false);
  const [alignNote, setAlignNote] = useState<string | null>(null);

  /**
   * "Align lines and words": main aligns the recording (in a worker thread) and answers with
   * times for every line and word; they are written as one undoable edit whose undo puts back
   * every line's times and words as they were.
   */
  const align = useCallback(async () => {
    const lesson = current.current;
    if (!lesson) return;
    setAligning(true);
    setError(null);
    setAlignNote(null);
    try {
      const result = await studio()
        .alignLesson(lessonId)
        .catch(async (failure: unknown) => {
          // AAC: the window decodes it and sends the samples.
          const code = (failure as { code?: string }).code;
          const recording = code === 'align-decode-in-window' ? await windowAudio.pcm() : null;
          if (!recording) throw failure;
          return studio().alignDecoded(lessonId, recording);
        });
      const before: Alignment = {
        lines: lesson.lines.map((l) => ({
          id: l.id,
          startTime: l.startTime,
          endTime: l.endTime,
          byHand: l.timedByHand,
        })),
        tokens: lesson.lines.map((l) => ({
          lineId: l.id,
          tokens: lesson.tokens.find((t) => t.lineId === l.id)?.tokens ?? [],
        })),
      };
      const after: Alignment = { lines: result.lines, tokens: result.tokens };
      const write = (alignment: Alignment) => async () => {
        await studio().setAlignment(lessonId, alignment);
        await written();
      };
      execute('Align lines and words', write(after), write(before));
      const words = result.tokens.reduce((sum, line) => sum + line.tokens.length, 0);
      const kept = result.anchors > 0 ? `, ${result.anchors} hand-timed kept` : '';
      setAlignNote(
        `Aligned ${result.lines.length - result.anchors} lines and ${words} words in ${result.seconds} s${kept}.`,
      );
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setAligning(false);
    }
  }, [execute, lessonId, written, windowAudio]);

  /** One word's times in the recording (normal version), as one undoable edit. */
  const changeWordTimes = useCallback(
    (lineId: number, position: number, start: number, end: number) => {
      const tokens = current.current?.tokens.find((t) => t.lineId === lineId)?.tokens ?? [];
      // Words may touch, never overlap: a neighbour's edge moves with the one moved onto it.
      const span = (token: (typeof tokens)[number], next: VersionSpan) => ({
        ...token,
        times: { ...token.times, normal: next },
      });
      const after = tokens.map((token) => {
        const { start: s, end: e } = token.times.normal;
        if (token.position === position) return span(token, { start, end });
        if (token.position === position - 1 && e !== null && e > start) {
          return span(token, { start: s === null ? s : Math.min(s, start), end: start });
        }
        if (token.position === position + 1 && s !== null && s < end) {
          return span(token, { start: end, end: e === null ? e : Math.max(e, end) });
        }
        return token;
      });
      const write = (next: typeof tokens) => async () => {
        await studio().setAlignment(lessonId, { lines: [], tokens: [{ lineId, tokens: next }] });
        await written();
      };
      execute('Adjust word', write(after), write(tokens));
    },
    [execute, lessonId, written],
  );

  /** Words' edits of one line (Confirm all sets several), as one undoable edit. */
  const editTokens = useCallback(
    (lineId: number, changes: readonly { position: number; edit: TokenEdit | null }[]) => {
      const tokens = current.current?.tokens.find((t) => t.lineId === lineId)?.tokens ?? [];
      const before = changes.map(({ position }) => ({
        position,
        edit: tokens.find((t) => t.position === position)?.edit ?? null,
      }));
      const write = (next: typeof changes) => async () => {
        for (const change of next) await studio().editToken(lineId, change.position, change.edit);
        await written();
      };
      execute(changes.length > 1 ? 'Confirm words' : 'Edit word', write(changes), write(before));
    },
    [execute, written],
  );

  const updateLine = useCallback(
    (label: string, lineId: number, patch: LinePatch) => {
      const line = current.current?.lines.find((l) => l.id === lineId);
      if (!line) return;
      const before = Object.fromEntries(
        Object.keys(patch).map((key) => [key, line[key as keyof LinePatch]]),
      ) as LinePatch;
      const write = (values: LinePatch) => async () => {
        patchLines((all) => all.map((l) => (l.id === lineId ? { ...l, ...values } : l)));
        await studio().updateLine(lineId, values);
        await written();
      };
      execute(label, write(patch), write(before));
    },
    [execute, written],
  );

  /**
   * A structural edit (add, delete, split, merge): the whole list is written. New lines get
   * their ids on the first write; redo sends those ids, so later edits to them still apply.
   */
  const setLines = useCallback(
    (label: string, next: LineInput[], select?: (lines: readonly TranscriptLine[]) => void) => {
      const before = toInputs(current.current?.lines ?? []);
      let after = next;
      execute(
        label,
        async () => {
          const lines = await studio().setLines(lessonId, after);
          after = toInputs(lines);
          patchLines(() => lines);
          select?.(lines);
          await written();
        },
        async () => {
          const lines = await studio().setLines(lessonId, before);
          patchLines(() => lines);
          await written();
        },
      );
    },
    [execute, lessonId, written],
  );

  const updateLesson = useCallback(
    (label: string, patch: LessonPatch) => {
      const lesson = current.current;
      if (!lesson) return;
      const before: Record<string, unknown> = {};
      for (const field of LESSON_FIELDS) if (field in patch) before[field] = lesson[field];
      const write = (values: LessonPatch) => async () => {
        setDraft((d) => d && { ...d, ...values });
        await studio().updateLesson(lessonId, values);
        await written();
      };
      execute(label, write(patch), write(before as LessonPatch));
    },
    [execute, lessonId, written],
  );

  const words = useVocabularyEdits({ lessonId, current, execute, written, setDraft });

  return {
    draft,
    peaks,
    url,
    savedAt,
    error,
    history,
    changeTimes,
    linesNow,
    align,
    aligning,
    alignNote,
    changeWordTimes,
    editTokens,
    updateLine,
    setLines,
    updateLesson,
    ...words,
  };
}
