import { en, t } from '../messages/index.ts';
import type { Catalogue, MessageKey } from '../messages/index.ts';

type Unit = 'Second' | 'Minute' | 'Hour';

function savedKey(unit: Unit, n: number, catalogue: Catalogue): MessageKey {
  const singular = `reviewPage.saved${unit}Ago`;
  // Singular texts ('1 minute') are used once the catalogue has them; plural otherwise.
  if (n === 1 && singular in catalogue) return singular as MessageKey;
  return `reviewPage.saved${unit}sAgo` as MessageKey;
}

/**
 * The review page's saved indicator: 'Saving...' while a save runs, null before the first save,
 * else 'All changes saved {n} seconds/minutes/hours ago' with n floored (59 s is seconds,
 * 60 s is 1 minute, 60 min is 1 hour). A save time in the future counts as 0 seconds ago.
 * `catalogue` picks the language (English by default).
 */
export function savedIndicatorText(
  savedAt: Date | null,
  now: Date,
  saving = false,
  catalogue: Catalogue = en,
): string | null {
  if (saving) return t('reviewPage.saving', {}, catalogue);
  if (!savedAt) return null;
  const seconds = Math.max(0, Math.floor((now.getTime() - savedAt.getTime()) / 1000));
  if (seconds < 60) return t(savedKey('Second', seconds, catalogue), { n: seconds }, catalogue);
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t(savedKey('Minute', minutes, catalogue), { n: minutes }, catalogue);
  const hours = Math.floor(minutes / 60);
  return t(savedKey('Hour', hours, catalogue), { n: hours }, catalogue);
}
