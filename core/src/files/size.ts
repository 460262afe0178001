import { message, type Message, type Rendered } from '../messages/index.ts';
import { MEGABYTE } from './types.ts';

/** The upload list's size column: '2.35 MB'. */
export function formatMegabytes(bytes: number): Message & Rendered {
  const n = Number.isFinite(bytes) && bytes > 0 ? bytes / MEGABYTE : 0;
  return message('files.sizeMb', { n: n.toFixed(2) });
}
