import type { LineToken, TranscriptLine } from '../../shared/model.ts';
import { formatTime, parseTime } from '../../shared/format-time.ts';
import { EditableText } from './editable-text.tsx';

type Props = {
  readonly line: TranscriptLine;
  readonly tokens: readonly LineToken[];
  /** A word's new start and end in the recording (an undoable edit). */
  readonly onChange: (lineId: number, position: number, start: number, end: number) => void;
};

/**
 * The selected line's words with their times in the recording (from "Align lines and words"),
 * each start and end editable: type 0:01.25 or 1.25 and press Enter. A time that is not one, or
 * that would end a word before it starts, is not taken.
 */
export function WordTimes({ line, tokens, onChange }: Props) {
  // Words edited before any alignment have rows without times: still nothing to show here.
  if (!tokens.some((token) => token.times.normal.start !== null)) {
    return <p className="hint word-times-none">No word times yet: align the lesson.</p>;
  }
  const commit = (token: LineToken, side: 'start' | 'end', text: string) => {
    const value = parseTime(text);
    const { start, end } = token.times.normal;
    if (value === null || start === null || end === null) return;
    const next = side === 'start' ? { start: value, end } : { start, end: value };
    if (next.end < next.start) return;
    onChange(line.id, token.position, next.start, next.end);
  };
  return (
    <ol className="word-times" aria-label={`Words of line ${line.lineNumber}`}>
      {tokens.map((token) => (
        <li key={token.position} data-word={token.text}>
          <span className="word">{token.text}</span>
          {(['start', 'end'] as const).map((side) => (
            <EditableText
              key={side}
              label={`${side === 'start' ? 'Start' : 'End'} of “${token.text}” in line ${line.lineNumber}`}
              className="time"
              value={formatTime(token.times.normal[side])}
              onCommit={(text) => commit(token, side, text)}
            />
          ))}
        </li>
      ))}
    </ol>
  );
}
