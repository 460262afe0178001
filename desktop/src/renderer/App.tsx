import { useCallback, useEffect, useState } from 'react';
import type { LessonSummary } from '../shared/model.ts';
import { ImportBar } from './components/ImportBar.tsx';
import { LessonEditor } from './components/LessonEditor.tsx';
import { LessonList } from './components/LessonList.tsx';
import { PublishPanel } from './components/PublishPanel.tsx';
import { studio } from './studio.ts';

export function App() {
  const [lessons, setLessons] = useState<readonly LessonSummary[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());

  const refresh = useCallback(() => {
    void studio().listDrafts().then(setLessons);
  }, []);
  useEffect(refresh, [refresh]);

  return (
    <main>
      <header>
        <h1>Magyarul Studio</h1>
        <ImportBar onImported={refresh} />
      </header>
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
      />
      <PublishPanel lessonIds={[...checked]} onPublished={refresh} />
      {selected !== null && <LessonEditor key={selected} lessonId={selected} onChanged={refresh} />}
    </main>
  );
}
