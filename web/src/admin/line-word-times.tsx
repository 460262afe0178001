import { useT } from '../lib/i18n/i18n.tsx';
import type { WordTime } from './line-tokens.ts';

const seconds = (value: number | null) => (value === null ? '–' : value.toFixed(2));

/**
 * A line's word times as stored (issue 28 point 6): each word with its start and end in the
 * normal version. When the line's text has changed in the editor, says that saving drops them.
 */
export function LineWordTimes({ words, stale }: { words: readonly WordTime[]; stale: boolean }) {
  const t = useT();
  if (words.length === 0) return null;
  if (stale) {
    return <p className="transcript-word-times small muted">{t('transcript.wordTimesStale')}</p>;
  }
  return (
    <p className="transcript-word-times small muted">
      <span>{t('transcript.wordTimes')}: </span>
      {words.map((w, i) => (
        <span key={`${i}-${w.text}`} className="transcript-word-time" lang="hu">
          {w.text} {seconds(w.start)}–{seconds(w.end)}
          {i < words.length - 1 ? ' · ' : ''}
        </span>
      ))}
    </p>
  );
}
