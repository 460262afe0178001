import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { lessonPreviewPath, savedIndicatorText } from '@magyarul/core/lessons';
import { Button, ButtonLink } from '../components/button.tsx';
import { Spinner } from '../components/spinner.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { useDuplicateWarning } from './use-duplicate-warning.ts';
import { LabelledInput } from './shared.tsx';
import { ReviewAudio } from './review-audio.tsx';
import { ReviewMetadata } from './review-metadata.tsx';
import { ReviewTranscript } from './review-transcript.tsx';
import { ReviewVocabulary } from './review-vocabulary.tsx';
import { useReviewEditor } from './use-review-editor.ts';
import { useUnsavedChanges } from './unsaved-changes.ts';
import './admin.css';

const PUBLISH_REDIRECT_MS = 1500;

export function ReviewPage() {
  const t = useT();
  const { lessonId = '' } = useParams();
  const navigate = useNavigate();
  const editor = useReviewEditor(lessonId);
  const { loaded, dirty } = editor;
  const [now, setNow] = useState(() => new Date());
  const duplicate = useDuplicateWarning(editor.meta.lessonNumber, lessonId);

  // The indicator's "n seconds ago" moves on by itself.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useUnsavedChanges(dirty);

  const save = async (publish: boolean) => {
    const saved = await editor.save(publish);
    if (saved && publish) {
      window.setTimeout(() => void navigate('/admin?tab=qa'), PUBLISH_REDIRECT_MS);
    }
  };

  if (loaded === 'loading') return <Spinner label={t('app.loading')} centred />;
  if (loaded === null) {
    return (
      <main id="main" className="page narrow center">
        <h1>{t('lesson.notFound')}</h1>
        <Button onClick={() => void navigate('/admin?tab=qa')}>{t('reviewPage.backToQa')}</Button>
      </main>
    );
  }

  const { lesson, levels } = loaded;
  const saved = savedIndicatorText(editor.savedAt, now, editor.saving);
  const indicator = saved && t(saved.key, saved.params);

  return (
    <main id="main" className="page admin-page admin-review">
      <header className="admin-sticky">
        <Button variant="ghost" onClick={() => void navigate('/admin?tab=qa')}>
          ← {t('reviewPage.backToQa')}
        </Button>
        <span className="small muted" role="status" aria-live="polite">
          {indicator ?? ''}
        </span>
        <div className="button-row">
          {/* What learners would see of the stored lesson (unsaved edits are not in it). */}
          <ButtonLink variant="ghost" to={lessonPreviewPath(lessonId)}>
            {t('preview.action')}
          </ButtonLink>
          <Button variant="secondary" disabled={editor.saving} onClick={() => void save(false)}>
            {t('reviewPage.saveDraft')}
          </Button>
          <Button disabled={editor.saving} onClick={() => void save(true)}>
            {t('reviewPage.publish')}
          </Button>
        </div>
      </header>
      <div className="admin-review-title">
        <h1>{editor.meta.title || lesson.title}</h1>
        {/* What learners see now: the stored state, not the unsaved edits. */}
        <span className={lesson.is_published ? 'badge good' : 'badge'} role="status">
          {lesson.is_published ? t('lesson.status.published') : t('lesson.status.draft')}
        </span>
      </div>

      <ReviewMetadata
        lesson={lesson}
        levels={levels}
        meta={editor.meta}
        duplicate={duplicate}
        onEdit={editor.editMeta}
      />

      <ReviewAudio
        lesson={lesson}
        onChanged={(patch) => editor.setLoaded({ ...loaded, lesson: { ...lesson, ...patch } })}
      />

      <ReviewTranscript
        lessonId={lessonId}
        state={editor.transcript}
        dispatch={editor.editTranscript}
        issues={editor.issues}
        audioSeconds={editor.audioSeconds}
        wordTimes={editor.wordTimes}
        wordsEditor={editor.wordsEditor}
        saving={editor.saving}
        onSave={() => void editor.saveTranscriptOnly()}
      />

      <ReviewVocabulary
        lessonId={lessonId}
        words={editor.words}
        onWordsChange={editor.changeWords}
      />

      <section className="card stack" aria-labelledby="qa-heading">
        <h2 id="qa-heading">5. {t('reviewPage.section.qa')}</h2>
        <LabelledInput label={t('adminUi.qaNotes')}>
          {(id) => (
            <textarea
              id={id}
              rows={4}
              value={editor.notes}
              onChange={(e) => editor.editNotes(e.target.value)}
            />
          )}
        </LabelledInput>
      </section>
    </main>
  );
}
