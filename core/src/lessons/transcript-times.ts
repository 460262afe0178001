import { message, type MessageKey, type MessageParams } from '../messages/index.ts';

/** A time as typed: seconds ('4.8', '4,8') or minutes:seconds ('1:04.8'), or hours:mm:ss. */
export type ParsedTime =
  { readonly ok: true; readonly value: number | null } | { readonly ok: false };

// Milliseconds are the finest step any editor sets; parsing rounds to them so '0.1' stays 0.1.
function toMillis(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** Reads a typed time; empty text is "no time" (null). Negative or malformed text is refused. */
export function parseTimeInput(text: string): ParsedTime {
  const s = text.trim().replace(',', '.');
  if (s === '') return { ok: true, value: null };
  const match = /^(?:(?:(\d+):)?(\d+):)?(\d+(?:\.\d*)?|\.\d+)$/.exec(s);
  if (!match) return { ok: false };
  const [, hours, minutes, seconds] = match;
  if ((hours !== undefined || minutes !== undefined) && Number(seconds) >= 60) return { ok: false };
  if (hours !== undefined && Number(minutes) >= 60) return { ok: false };
  const value = Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds);
  return Number.isFinite(value) ? { ok: true, value: toMillis(value) } : { ok: false };
}

/** A stored time as the editor's input shows it: plain seconds, exactly ('8.33', '70'). */
export function formatTimeInput(value: number | null): string {
  return value === null ? '' : String(value);
}

/** A time for messages and hints: 'm:ss.cc' ('1:04.80'); seconds shown to the hundredth. */
export function formatTimeClock(value: number): string {
  const centis = Math.round(value * 100);
  const minutes = Math.floor(centis / 6000);
  const rest = centis - minutes * 6000;
  const seconds = Math.floor(rest / 100);
  const fraction = rest % 100;
  return `${minutes}:${String(seconds).padStart(2, '0')}.${String(fraction).padStart(2, '0')}`;
}

export type TimedEditorLine = {
  readonly start_time: number | null;
  readonly end_time: number | null;
};

export type TimingIssueCode = 'half-timed' | 'start-not-before-end' | 'past-audio' | 'overlap';

/** A timing problem of line `index` (0-based); `message` is the English catalogue text. */
export type TimingIssue = {
  readonly code: TimingIssueCode;
  readonly index: number;
  readonly field: 'start' | 'end';
  readonly key: MessageKey;
  readonly params: MessageParams;
  readonly message: string;
};

// Audio durations are measured to the millisecond; times typed from a waveform may round up.
const TOLERANCE_SECONDS = 0.005;

function issue(
  code: TimingIssueCode,
  index: number,
  field: 'start' | 'end',
  key: MessageKey,
  params: MessageParams,
): TimingIssue {
  return { code, index, field, ...message(key, params) };
}

/**
 * The timing rules a save must pass: a line has both times or neither (an untimed line keeps
 * the spec's default at playback), start before end, nothing past the end of the audio
 * (`audioSeconds`, when known), and no line starting before an earlier line has ended (the
 * transcript follows the audio in line order). Every problem is reported, not just the first.
 */
export function validateTimings(
  lines: readonly TimedEditorLine[],
  audioSeconds: number | null,
): TimingIssue[] {
  const issues: TimingIssue[] = [];
  let latest: { index: number; end: number } | null = null;
  lines.forEach((line, index) => {
    const n = index + 1;
    const { start_time: start, end_time: end } = line;
    if (start === null && end === null) return;
    if (start === null || end === null) {
      issues.push(
        issue('half-timed', index, start === null ? 'start' : 'end', 'timing.bothOrNeither', { n }),
      );
      return;
    }
    if (start >= end) {
      issues.push(
        issue('start-not-before-end', index, 'end', 'timing.startBeforeEnd', {
          n,
          start: formatTimeClock(start),
          end: formatTimeClock(end),
        }),
      );
    }
    if (audioSeconds !== null && end > audioSeconds + TOLERANCE_SECONDS) {
      const field = start > audioSeconds + TOLERANCE_SECONDS ? 'start' : 'end';
      issues.push(
        issue('past-audio', index, field, 'timing.pastAudio', {
          n,
          time: formatTimeClock(field === 'start' ? start : end),
          duration: formatTimeClock(audioSeconds),
        }),
      );
    }
    if (latest !== null && start < latest.end - TOLERANCE_SECONDS / 5) {
      issues.push(
        issue('overlap', index, 'start', 'timing.overlap', {
          n,
          m: latest.index + 1,
          start: formatTimeClock(start),
          end: formatTimeClock(latest.end),
        }),
      );
    }
    if (latest === null || end > latest.end) latest = { index, end };
  });
  return issues;
}
