type Props = {
  readonly savedAt: string | null;
  readonly error: string | null;
  /** What an edit could not decide for the author (a split's translations). */
  readonly note: string | null;
};

/** Under the waveform: the save status, the last error, a note, and the editor's keys. */
export function StatusLine({ savedAt, error, note }: Props) {
  return (
    <p className="status-line">
      <span role="status" aria-label="Save status">
        {savedAt ? `Saved ${savedAt}` : 'Every change is saved as you make it'}
      </span>
      {error && <span role="alert">{error}</span>}
      {note && (
        <span className="note" aria-label="Editor note">
          {note}
        </span>
      )}
      <span className="hint">
        [ and ] set start and end at the playhead · Alt+←/→ nudge 10 ms, Shift+Alt 100 ms
      </span>
    </p>
  );
}
