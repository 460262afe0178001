import { useEffect, useState } from 'react';
import type { ImportProgress, ImportReport } from '../../shared/model.ts';
import { studio } from '../studio.ts';

type Props = { readonly onImported: (report: ImportReport) => void };

export function ImportBar({ onImported }: Props) {
  const [root, setRoot] = useState<string | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void studio().getRoot().then(setRoot);
    return studio().onImportProgress(setProgress);
  }, []);

  const run = async () => {
    if (!root) return;
    setBusy(true);
    setError(null);
    setProgress(null);
    try {
      onImported(await studio().importFolder(root));
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="import-bar" role="region" aria-label="Import">
      <button type="button" onClick={() => void studio().chooseRoot().then(setRoot)}>
        Choose lessons folder…
      </button>
      <span aria-label="Lessons folder" className="folder" title={root ?? undefined}>
        {root ?? 'No folder chosen'}
      </span>
      <button type="button" disabled={!root || busy} onClick={() => void run()}>
        Import lessons
      </button>
      {progress && (
        <>
          <progress aria-label="Import progress" max={progress.total} value={progress.done} />
          <span>
            {progress.done} / {progress.total} {busy ? `— ${progress.folder}` : 'done'}
          </span>
        </>
      )}
      {error && <span role="alert">{error}</span>}
    </div>
  );
}
