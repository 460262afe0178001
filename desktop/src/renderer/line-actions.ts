import type { RefObject } from 'react';
import type { LineInput, TranscriptLine } from '../shared/model.ts';
import {
  deleteLine,
  insertLineAfter,
  mergeWithNext,
  splitLine,
  toInputs,
} from '../shared/transcript-edits.ts';
import type { LineActions } from './components/line-grid.tsx';
import type { WaveformHandle } from './components/waveform.tsx';

type Options = {
  /** The lines as they are now (read when an action runs, not when it was made). */
  readonly current: () => readonly TranscriptLine[];
  readonly lines: readonly TranscriptLine[];
  readonly selected: number | null;
  /** The playhead as last reported, when the waveform cannot say. */
  readonly time: number;
  /** Where the caret was last in a line's text: a split falls there when it is in the selected line. */
  readonly caret: RefObject<{ lineId: number; position: number } | null>;
  readonly wave: RefObject<WaveformHandle | null>;
  readonly setLines: (
    label: string,
    next: LineInput[],
    select?: (lines: readonly TranscriptLine[]) => void,
  ) => void;
  readonly setSelected: (lineId: number) => void;
  /** Tells the author something the edit could not decide (a translation left whole). */
  readonly onNote: (note: string | null) => void;
};

/** Why the selected line cannot be split at the playhead now, or null when it can. */
function splitBlockedBy(line: TranscriptLine | undefined, time: number): string | null {
  if (!line || line.startTime === null || line.endTime === null) {
    return 'Time the line first: the split falls at the playhead.';
  }
  if (time <= line.startTime || time >= line.endTime) {
    return 'Move the playhead inside the selected line to split it there.';
  }
  return null;
}

/**
 * The transcript toolbar's add, split, merge and delete, and whether split is possible now. A
 * hook by name only (it calls none): its callbacks read the caret and the waveform when they run.
 */
export function useLineActions(options: Options): {
  readonly actions: LineActions;
  readonly splitBlocked: string | null;
} {
  const { current, lines, selected, time, caret, wave, setLines, setSelected, onNote } = options;
  const inputs = () => toInputs(current());
  const selectAt = (index: number) => (all: readonly TranscriptLine[]) => {
    const line = all[Math.min(index, all.length - 1)];
    if (line) setSelected(line.id);
  };
  const selectedIndex = lines.findIndex((l) => l.id === selected);
  const actions: LineActions = {
    add: () =>
      setLines('Add line', insertLineAfter(inputs(), selected), selectAt(selectedIndex + 1)),
    split: () => {
      if (selected === null) return;
      const at = caret.current?.lineId === selected ? caret.current.position : null;
      const next = splitLine(inputs(), selected, wave.current?.currentTime() ?? time, at);
      if (!next) return;
      setLines('Split line', next, selectAt(selectedIndex));
      const second = next[selectedIndex + 1];
      const original = lines[selectedIndex];
      const whole = (['translationEn', 'translationDe', 'translationEs'] as const).filter(
        (field) => original && original[field].trim() !== '' && second?.[field] === '',
      );
      onNote(
        whole.length > 0
          ? `Line ${selectedIndex + 1}'s translations could not be split by sentence; they stayed on the first part: move what belongs to line ${selectedIndex + 2}.`
          : null,
      );
    },
    merge: () => {
      if (selected === null) return;
      const next = mergeWithNext(inputs(), selected);
      if (next) setLines('Merge lines', next, selectAt(selectedIndex));
    },
    remove: () => {
      if (selected === null) return;
      setLines('Delete line', deleteLine(inputs(), selected), selectAt(selectedIndex));
    },
  };
  return { actions, splitBlocked: splitBlockedBy(lines[selectedIndex], time) };
}
