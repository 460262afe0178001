type Props = {
  readonly canAlign: boolean;
  readonly aligning: boolean;
  /** What the last alignment did, or null. */
  readonly note: string | null;
  readonly onAlign: () => void;
};

/**
 * "Align lines and words": times every line and word from the recording and the transcript
 * (forced alignment in the studio's main process); hand-timed lines stay as they are.
 */
export function AlignBar({ canAlign, aligning, note, onAlign }: Props) {
  return (
    <div role="region" aria-label="Alignment" className="suggestion">
      <button type="button" disabled={!canAlign || aligning} onClick={onAlign}>
        Align lines and words
      </button>
      <span role="status" aria-live="polite">
        {aligning
          ? 'Aligning to the recording…'
          : (note ?? 'Times every line and word from the recording; lines you timed by hand stay.')}
      </span>
    </div>
  );
}
