import { message, type Message, type Rendered } from '../messages/index.ts';

/**
 * The review page's saved indicator: 'Saving...' while a save runs, null before the first save,
 * else 'All changes saved {n} seconds/minutes/hours ago' (counted texts) with n floored (59 s
 * is seconds, 60 s is 1 minute, 60 min is 1 hour). A save time in the future counts as 0
 * seconds ago. The app renders the message in its language.
 */
export function savedIndicatorText(
  savedAt: Date | null,
  now: Date,
  saving = false,
): (Message & Rendered) | null {
  if (saving) return message('reviewPage.saving');
  if (!savedAt) return null;
  const seconds = Math.max(0, Math.floor((now.getTime() - savedAt.getTime()) / 1000));
  if (seconds < 60) return message('reviewPage.savedSecondsAgo', { n: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return message('reviewPage.savedMinutesAgo', { n: minutes });
  const hours = Math.floor(minutes / 60);
  return message('reviewPage.savedHoursAgo', { n: hours });
}
