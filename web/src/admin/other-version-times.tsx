import { formatTimeClock } from '@magyarul/core/lessons';
import { useT } from '../lib/i18n/i18n.tsx';
import type { TranscriptRow } from './api.ts';

/**
 * Under a line of the review editor: its times in the slow and natural-tempo versions and the
 * lesson character who speaks it, when it has them (issue 32). The editor does not change them:
 * a save sends only the columns it edits, so they are kept as read.
 */
export function OtherVersionTimes({ row }: { row: TranscriptRow }) {
  const t = useT();
  const span = (start: number | null, end: number | null) => ({
    start: start === null ? '–' : formatTimeClock(start),
    end: end === null ? '–' : formatTimeClock(end),
  });
  const parts = [
    row.slow_start_time !== null || row.slow_end_time !== null
      ? t('transcript.slowTimes', span(row.slow_start_time, row.slow_end_time))
      : null,
    row.natural_start_time !== null || row.natural_end_time !== null
      ? t('transcript.naturalTimes', span(row.natural_start_time, row.natural_end_time))
      : null,
    row.character_key ? t('transcript.characterKey', { key: row.character_key }) : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  return (
    <p className="transcript-line-versions small muted" data-testid="other-version-times">
      {t('transcript.otherVersions', { times: parts.join(' · ') })}
    </p>
  );
}
