import { useState } from 'react';
import { studio } from '../studio.ts';

type Props = {
  readonly lessonId: number;
  /** The lesson's id on the server: only a lesson that was published has a page to preview. */
  readonly remoteId: string | null;
};

/**
 * "Preview as learner": the web app's preview of the lesson as it is on the server (draft or
 * live, locked or not), opened in the system browser; nothing the author does there is
 * recorded as progress.
 */
export function PreviewButton({ lessonId, remoteId }: Props) {
  const [error, setError] = useState<string | null>(null);
  if (remoteId === null) return null;
  return (
    <p className="preview-row">
      <button
        type="button"
        title="Opens the lesson as it is on the server in your browser; nothing is recorded"
        onClick={() =>
          void studio()
            .openPreview(lessonId)
            .then(
              () => setError(null),
              (failure: unknown) =>
                setError(failure instanceof Error ? failure.message : String(failure)),
            )
        }
      >
        Preview as learner
      </button>
      {error && <span role="alert">{error}</span>}
    </p>
  );
}
