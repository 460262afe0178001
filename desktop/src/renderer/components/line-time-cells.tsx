import { isTimed } from '../../shared/checks.ts';
import type { TranscriptLine } from '../../shared/model.ts';
import { formatTime } from '../format.ts';

/** A line's start and end cells in the grid, "untimed" where a time is missing. */
export function LineTimeCells({ line }: { line: TranscriptLine }) {
  if (isTimed(line)) {
    return (
      <>
        <td data-testid={`start-${line.lineNumber}`}>{formatTime(line.startTime)}</td>
        <td data-testid={`end-${line.lineNumber}`}>{formatTime(line.endTime)}</td>
      </>
    );
  }
  return (
    <>
      <td data-testid={`start-${line.lineNumber}`}>
        {line.startTime === null ? (
          <span className="untimed-badge">untimed</span>
        ) : (
          formatTime(line.startTime)
        )}
      </td>
      <td data-testid={`end-${line.lineNumber}`}>
        {line.endTime === null ? (
          <span className="untimed-badge">untimed</span>
        ) : (
          formatTime(line.endTime)
        )}
      </td>
    </>
  );
}
