import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDuration, lessonPreviewPath } from '@magyarul/core/lessons';
import { Button, ButtonLink } from '../components/button.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { notify } from '../lib/toast.ts';
import { getSupabase, toAppError } from '../lib/supabase.ts';

import { deleteLessons, fetchAllLessons, type AdminLesson } from './api.ts';
import { CreateLessonDialog } from './create-lesson-dialog.tsx';
import { EditLessonDialog } from './edit-lesson-dialog.tsx';
import { AdminTable, Listing } from './admin-table.tsx';
import { failWith, PublishedBadge } from './shared.tsx';

async function fetchVocabularyCounts(): Promise<Map<string, number>> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('lesson_vocabulary').select('lesson_id');
  if (error) throw toAppError(error);
  const counts = new Map<string, number>();
  for (const row of data) counts.set(row.lesson_id, (counts.get(row.lesson_id) ?? 0) + 1);
  return counts;
}

export function useAdminLessons() {
  const t = useT();
  return useQuery({
    queryKey: ['admin', 'lessons'],
    queryFn: () => fetchAllLessons().catch(failWith(t('lessons.loadFailed'))),
  });
}

export function LessonsTab() {
  const t = useT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const lessons = useAdminLessons();
  const counts = useQuery({
    queryKey: ['admin', 'vocabulary-counts'],
    queryFn: fetchVocabularyCounts,
  });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminLesson | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());

  const rows = lessons.data ?? [];
  const allSelected = rows.length > 0 && rows.every((l) => selected.has(l.id));

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const removal = useMutation({
    mutationFn: ({ ids }: { ids: string[]; bulk: boolean }) => deleteLessons(ids),
    onSuccess: (_, { ids }) =>
      setSelected((current) => new Set([...current].filter((id) => !ids.includes(id)))),
    onError: (_, { bulk }) => notify.error(bulk ? t('delete.failedMany') : t('delete.failedOne')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
  const remove = (ids: string[], bulk: boolean) => {
    const question = bulk
      ? t('confirm.deleteLessons', { n: ids.length })
      : t('confirm.deleteLesson');
    if (!window.confirm(question)) return;
    removal.mutate({ ids, bulk });
  };

  return (
    <section aria-labelledby="lessons-heading" className="stack">
      <div className="admin-toolbar">
        <h2 id="lessons-heading">{t('admin.tab.lessons')}</h2>
        <div className="button-row">
          {selected.size > 0 && (
            <Button variant="danger" onClick={() => remove([...selected], true)}>
              {t('adminUi.deleteSelected', { n: selected.size })}
            </Button>
          )}
          <Button onClick={() => setCreating(true)}>{t('create.title')}</Button>
        </div>
      </div>
      <Listing
        pending={lessons.isPending}
        empty={rows.length === 0 ? t('adminUi.noLessons') : null}
      >
        <AdminTable
          label={t('admin.tab.lessons')}
          columns={[
            <input
              type="checkbox"
              aria-label={t('adminUi.selectAll')}
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((l) => l.id)))}
            />,
            '#',
            t('adminUi.title'),
            t('adminUi.level'),
            t('adminUi.status'),
            t('adminUi.duration'),
            t('adminUi.vocabularyCount'),
            t('adminUi.actions'),
          ]}
        >
          {rows.map((lesson) => (
            <tr key={lesson.id}>
              <td>
                <input
                  type="checkbox"
                  aria-label={t('adminUi.selectLesson', { title: lesson.title })}
                  checked={selected.has(lesson.id)}
                  onChange={() => toggle(lesson.id)}
                />
              </td>
              <td>{lesson.lesson_number ?? '—'}</td>
              <td>{lesson.title}</td>
              <td>{format.level(lesson.level)}</td>
              <td>
                <PublishedBadge published={lesson.is_published} />
              </td>
              <td>{formatDuration(lesson.duration) ?? t('reviewPage.durationNa')}</td>
              <td>{counts.data?.get(lesson.id) ?? 0}</td>
              <td className="button-row">
                <Button
                  variant="secondary"
                  aria-label={`${t('adminUi.edit')} ${lesson.title}`}
                  onClick={() => setEditing(lesson)}
                >
                  {t('adminUi.edit')}
                </Button>
                <ButtonLink
                  variant="secondary"
                  to={lessonPreviewPath(lesson.id)}
                  aria-label={t('preview.actionFor', { title: lesson.title })}
                >
                  {t('preview.action')}
                </ButtonLink>
                <Button
                  variant="danger"
                  aria-label={`${t('adminUi.delete')} ${lesson.title}`}
                  onClick={() => remove([lesson.id], false)}
                >
                  {t('adminUi.delete')}
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      </Listing>
      <CreateLessonDialog open={creating} onClose={() => setCreating(false)} />
      {editing && <EditLessonDialog lesson={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
