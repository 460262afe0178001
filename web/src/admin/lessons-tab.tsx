import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  completenessFromCounts,
  formatDuration,
  incompleteLanguages,
} from '@magyarul/core/lessons';
import type { Level } from '@magyarul/core/enums';
import { validateLessonEdit } from '@magyarul/core/validation';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { notify } from '../lib/toast.ts';
import { getSupabase, toAppError } from '../lib/supabase.ts';
import {
  deleteLessons,
  fetchAllLessons,
  fetchTranslationStatus,
  updateLesson,
  type AdminLesson,
} from './api.ts';
import { CreateLessonDialog } from './create-lesson-dialog.tsx';
import { useUnsavedChanges } from './unsaved-changes.ts';
import { lessonPatch } from './review-save.ts';
import { LabelledInput } from './shared.tsx';

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
    queryFn: async () => {
      try {
        return await fetchAllLessons();
      } catch (error) {
        notify.error(t('lessons.loadFailed'));
        throw error;
      }
    },
  });
}

function EditLessonDialog({ lesson, onClose }: { lesson: AdminLesson; onClose: () => void }) {
  const t = useT();

  // Publishing a lesson that lacks a language is never silent: the admin confirms it.
  const confirmTranslations = async (id: string): Promise<boolean> => {
    const counts = (await fetchTranslationStatus()).find((r) => r.lesson_id === id);
    const missing = counts ? incompleteLanguages(completenessFromCounts(counts)) : [];
    if (missing.length === 0) return true;
    const languages = missing.map((l) => t(`translations.language.${l}`)).join(', ');
    return window.confirm(t('translations.publishWarning', { languages }));
  };
  const queryClient = useQueryClient();
  const [lessonNumber, setLessonNumber] = useState(
    lesson.lesson_number === null ? '' : String(lesson.lesson_number),
  );
  const [title, setTitle] = useState(lesson.title);
  const [description, setDescription] = useState(lesson.description ?? '');
  const [level, setLevel] = useState<Level>(lesson.level);
  const [status, setStatus] = useState(lesson.is_published ? 'published' : 'draft');
  const dirty =
    lessonNumber !== (lesson.lesson_number === null ? '' : String(lesson.lesson_number)) ||
    title !== lesson.title ||
    description !== (lesson.description ?? '') ||
    level !== lesson.level ||
    status !== (lesson.is_published ? 'published' : 'draft');
  useUnsavedChanges(dirty);
  const mayClose = () => !dirty || window.confirm(t('reviewPage.unsavedChanges'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateLessonEdit({ title, lessonNumber });
    if (!checked.ok) {
      window.alert(t(checked.key, checked.params));
      return;
    }
    // Only what the admin changed is written (the studio may have changed the rest meanwhile).
    const patch = lessonPatch(
      { lessonNumber, title, description, level, topic: lesson.topic ?? '' },
      lesson,
    );
    if (patch.lesson_number !== undefined) patch.lesson_number = checked.value.lessonNumber;
    const published = status === 'published';
    if (published !== lesson.is_published) patch.is_published = published;
    try {
      if (patch.is_published === true && !(await confirmTranslations(lesson.id))) return;
      if (Object.keys(patch).length > 0) await updateLesson(lesson.id, patch);
      notify.success(t('edit.success'));
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      onClose();
    } catch {
      notify.error(t('edit.failed'));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      mayClose={mayClose}
      title={t('adminUi.editTitle')}
      closeLabel={t('app.close')}
    >
      <form className="form admin-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <LabelledInput label={t('adminUi.lessonNumber')}>
          {(id) => (
            <input
              id={id}
              inputMode="numeric"
              value={lessonNumber}
              onChange={(e) => setLessonNumber(e.target.value)}
            />
          )}
        </LabelledInput>
        <LabelledInput label={t('adminUi.title')}>
          {(id) => <input id={id} value={title} onChange={(e) => setTitle(e.target.value)} />}
        </LabelledInput>
        <LabelledInput label={t('adminUi.description')}>
          {(id) => (
            <textarea
              id={id}
              rows={3}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </LabelledInput>
        <LabelledInput label={t('adminUi.level')}>
          {(id) => (
            <select id={id} value={level} onChange={(e) => setLevel(e.target.value as Level)}>
              <option value="beginner">beginner</option>
              <option value="intermediate">intermediate</option>
              <option value="advanced">advanced</option>
            </select>
          )}
        </LabelledInput>
        <LabelledInput label={t('adminUi.status')}>
          {(id) => (
            <select id={id} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="draft">{t('lesson.status.draft')}</option>
              <option value="published">{t('lesson.status.published')}</option>
            </select>
          )}
        </LabelledInput>
        <div className="form-actions">
          <Button variant="ghost" onClick={() => mayClose() && onClose()}>
            {t('app.cancel')}
          </Button>
          <Button type="submit">{t('adminUi.save')}</Button>
        </div>
      </form>
    </Dialog>
  );
}

export function LessonsTab() {
  const t = useT();
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

  const remove = async (ids: string[], bulk: boolean) => {
    const many = bulk;
    const question = bulk
      ? t('confirm.deleteLessons', { n: ids.length })
      : t('confirm.deleteLesson');
    if (!window.confirm(question)) return;
    try {
      await deleteLessons(ids);
      setSelected(new Set([...selected].filter((id) => !ids.includes(id))));
    } catch {
      notify.error(many ? t('delete.failedMany') : t('delete.failedOne'));
    }
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
  };

  return (
    <section aria-labelledby="lessons-heading" className="stack">
      <div className="admin-toolbar">
        <h2 id="lessons-heading">{t('admin.tab.lessons')}</h2>
        <div className="button-row">
          {selected.size > 0 && (
            <Button variant="danger" onClick={() => void remove([...selected], true)}>
              {t('adminUi.deleteSelected', { n: selected.size })}
            </Button>
          )}
          <Button onClick={() => setCreating(true)}>{t('create.title')}</Button>
        </div>
      </div>
      {lessons.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : rows.length === 0 ? (
        <p className="muted">{t('adminUi.noLessons')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label={t('adminUi.selectAll')}
                    checked={allSelected}
                    onChange={() =>
                      setSelected(allSelected ? new Set() : new Set(rows.map((l) => l.id)))
                    }
                  />
                </th>
                <th scope="col">#</th>
                <th scope="col">{t('adminUi.title')}</th>
                <th scope="col">{t('adminUi.level')}</th>
                <th scope="col">{t('adminUi.status')}</th>
                <th scope="col">{t('adminUi.duration')}</th>
                <th scope="col">{t('adminUi.vocabularyCount')}</th>
                <th scope="col">{t('adminUi.actions')}</th>
              </tr>
            </thead>
            <tbody>
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
                  <td>{lesson.level}</td>
                  <td>
                    <span className={lesson.is_published ? 'badge good' : 'badge'}>
                      {lesson.is_published
                        ? t('lesson.status.published')
                        : t('lesson.status.draft')}
                    </span>
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
                    <Button
                      variant="danger"
                      aria-label={`${t('adminUi.delete')} ${lesson.title}`}
                      onClick={() => void remove([lesson.id], false)}
                    >
                      {t('adminUi.delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateLessonDialog open={creating} onClose={() => setCreating(false)} />
      {editing && <EditLessonDialog lesson={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
