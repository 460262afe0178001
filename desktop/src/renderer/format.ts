/** 83.456 → "1:23.46"; null → "–". */
export function formatTime(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '–';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  return `${minutes}:${rest.toFixed(2).padStart(5, '0')}`;
}

/** The spec's default when times are missing: 5 s per line index, 4 s long. */
export function defaultSpan(index: number): { start: number; end: number } {
  return { start: index * 5, end: index * 5 + 4 };
}

export function round2(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
