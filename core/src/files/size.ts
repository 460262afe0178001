import { t } from '../messages/index.ts';
import { MEGABYTE } from './types.ts';

/** The upload list's size column: '2.35 MB'. */
export function formatMegabytes(bytes: number): string {
  const n = Number.isFinite(bytes) && bytes > 0 ? bytes / MEGABYTE : 0;
  return t('files.sizeMb', { n: n.toFixed(2) });
}
