import type { LineTimes, TranscriptLine } from '../../shared/model.ts';
import type { Span } from '../../shared/silence.ts';

type Props = {
  readonly suggestion: readonly Span[];
  readonly lines: readonly TranscriptLine[];
  readonly onAccept: (times: LineTimes[]) => void;
  readonly onDismiss: () => void;
};

/** The boundaries suggested from silences, offered for all lines at once (the n-th span to the n-th line). */
export function SuggestionBar({ suggestion, lines, onAccept, onDismiss }: Props) {
  return (
    <div role="region" aria-label="Suggested boundaries" className="suggestion">
      <span>{suggestion.length} lines suggested from silences: accept them all, then adjust.</span>
      <button
        type="button"
        onClick={() =>
          onAccept(
            lines.map((line, i) => ({
              id: line.id,
              startTime: suggestion[i]?.start ?? line.startTime,
              endTime: suggestion[i]?.end ?? line.endTime,
            })),
          )
        }
      >
        Accept suggestions
      </button>
      <button type="button" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
