import { useCallback, useEffect, useState } from 'react';
import type { LessonSummary } from '../shared/model.ts';
import { ImportBar } from './components/import-bar.tsx';
import { LessonEditor } from './components/lesson-editor.tsx';
import { LessonList } from './components/lesson-list.tsx';
import { PublishDialog } from './components/publish-dialog.tsx';
import { studio } from './studio.ts';

/**
 * The studio's one screen, three panes that fit the window without the page scrolling: the
 * lessons (left), the selected lesson's waveform and checks (middle), its transcript or
 * vocabulary (right). Import and publish live in the bar above them.
 */
export function App() {
  const [lessons, setLessons] = useState<readonly LessonSummary[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [publishing, setPublishing] = useState(false);
  // Bumped when something outside the editor changed the open lesson (the publish dialog).
  const [revision, setRevision] = useState(0);

  const refresh = useCallback(() => {
    void studio().listDrafts().then(setLessons);
  }, []);
  useEffect(refresh, [refresh]);
  // What the server says of each published lesson (made live or taken off on the web), when the
  // studio starts and whenever its window comes back to the front.
  useEffect(() => {
    const update = () => {
      studio()
        .refreshServerStates()
        .then(setLessons)
        // The main process logged why; the list keeps what it last knew.
        .catch(() => undefined);
    };
    update();
    window.addEventListener('focus', update);
    return () => window.removeEventListener('focus', update);
  }, []);

  return (
    <div className="app">
      <header className="topbar">
        <h1>Magyarul Studio</h1>
        <ImportBar onImported={refresh} />
        <button
          type="button"
          className="primary"
          disabled={checked.size === 0}
          onClick={() => setPublishing(true)}
        >
          Publish {checked.size} lesson(s)…
        </button>
      </header>
      <aside className="pane lessons-pane">
        <LessonList
          lessons={lessons}
          selectedId={selected}
          onSelect={setSelected}
          checked={checked}
          onCheck={(id, on) =>
            setChecked((current) => {
              const next = new Set(current);
              if (on) next.add(id);
              else next.delete(id);
              return next;
            })
          }
          onCheckAll={(on) => setChecked(new Set(on ? lessons.map((l) => l.id) : []))}
        />
      </aside>
      {selected === null ? (
        <section className="pane center-pane empty">
          <p className="hint">Choose a lesson on the left to time and edit it.</p>
        </section>
      ) : (
        <LessonEditor key={`${selected}:${revision}`} lessonId={selected} onChanged={refresh} />
      )}
      {publishing && (
        <PublishDialog
          lessonIds={[...checked]}
          onChanged={refresh}
          onClose={() => {
            setPublishing(false);
            setRevision((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
