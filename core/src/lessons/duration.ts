import { message, type Message, type Rendered } from '../messages/index.ts';

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

/**
 * The one rounding rule for a recording's length: whole seconds, rounded down, as the player's
 * clock shows them. The lesson's stored duration (what the lesson header shows) is made with
 * it, so a 51.6-second recording is 0:51 in the header and in the player, never 0:52 and 0:51.
 * Null for no length.
 */
export function storedDuration(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    return null;
  }
  return wholeSeconds(seconds);
}

/** The player's clock: m:ss, minutes unbounded (75:03). Invalid or negative input is 0:00. */
export function formatClock(seconds: number): string {
  const total = wholeSeconds(seconds);
  return `${Math.floor(total / 60)}:${pad2(total % 60)}`;
}

/**
 * A lesson duration for the review page: m:ss below an hour, h:mm:ss from an hour; null when
 * there is no duration (null, not a number, or not positive), which the app shows as its
 * 'reviewPage.durationNa' text ('N/A').
 */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    return null;
  }
  const total = wholeSeconds(seconds);
  if (total < 3600) return formatClock(total);
  const hours = Math.floor(total / 3600);
  return `${hours}:${pad2(Math.floor((total % 3600) / 60))}:${pad2(total % 60)}`;
}

/** Whole minutes for the landing page (at least 1 for any audio), or null without a duration. */
export function durationMinutes(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) {
    return null;
  }
  return Math.max(1, Math.round(seconds / 60));
}

/** The landing card's duration label ('12 min'), or null when the lesson has none. */
export function landingDurationText(
  seconds: number | null | undefined,
): (Message & Rendered) | null {
  const minutes = durationMinutes(seconds);
  return minutes === null ? null : message('landing.lessons.durationMinutes', { n: minutes });
}

/** Seconds from the upload form's 'Duration (minutes)' field; empty or invalid is null. */
export function minutesToSeconds(minutes: string): number | null {
  const value = Number(minutes.trim());
  return minutes.trim() === '' || !Number.isFinite(value) || value < 0
    ? null
    : Math.round(value * 60);
}
