export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const clamped = Math.max(0, Math.min(value, max));
  const percent = max > 0 ? Math.round((clamped / max) * 100) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
    >
      <div className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
