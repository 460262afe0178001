export { formatTime } from '../shared/format-time.ts';

export function round2(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
