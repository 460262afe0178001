/** 83.456 → "1:23.46"; null → "–". */
export function formatTime(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '–';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds - minutes * 60;
  return `${minutes}:${rest.toFixed(2).padStart(5, '0')}`;
}

/** "1:23.46" or "83.46" → 83.46; anything else → null. */
export function parseTime(text: string): number | null {
  const match = /^\s*(?:(\d+):)?(\d+(?:[.,]\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const seconds = Number(match[1] ?? 0) * 60 + Number((match[2] ?? '').replace(',', '.'));
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) / 1000 : null;
}
