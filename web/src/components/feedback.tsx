import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAuth } from '../lib/auth.tsx';
import { useT } from '../lib/i18n/i18n.tsx';
import { FEEDBACK_RATE_LIMITED, submitFeedback } from '../lib/api.ts';
import { AppError } from '../lib/supabase.ts';
import {
  DEFAULT_FEEDBACK_TYPE,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_TITLE_MAX,
  FEEDBACK_TYPE_OPTIONS,
  validateFeedback,
  type FeedbackType,
} from '@magyarul/core/validation';
import { notify } from '../lib/toast.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

const OPEN_FEEDBACK = 'magyarul:open-feedback';

/** Opens the feedback dialog from anywhere (the phone menu's Send Feedback). */
export function openFeedback(): void {
  window.dispatchEvent(new Event(OPEN_FEEDBACK));
}

/**
 * Send Feedback as a header button, shown only to signed-in users and only where the floating
 * button does not fit: the floating button floats in the gutter beside the page's content
 * column, which is wide enough for it from 90rem (styles.css). Narrower, it would sit over
 * lesson rows, answers and transcript lines, so Send Feedback is this visible header button
 * instead, and on a phone (under 48rem) an item of the header's menu.
 */
export function FeedbackMenuItem() {
  const { user } = useAuth();
  const t = useT();
  if (!user) return null;
  return (
    <button type="button" className="btn btn-ghost feedback-header-item" onClick={openFeedback}>
      {t('feedback.open')}
    </button>
  );
}

/**
 * The floating feedback button and its dialog; rendered only for signed-in users. The button
 * shows only where it fits beside the content column (styles.css); elsewhere the dialog opens
 * from the header's Send Feedback (FeedbackMenuItem, through openFeedback).
 */
export function FeedbackButton() {
  const { user } = useAuth();
  const t = useT();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(OPEN_FEEDBACK, onOpen);
    return () => window.removeEventListener(OPEN_FEEDBACK, onOpen);
  }, []);
  if (!user) return null;
  return (
    <>
      <button type="button" className="feedback-fab" onClick={() => setOpen(true)}>
        {t('feedback.open')}
      </button>
      <FeedbackDialog userId={user.id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The Send Feedback dialog (the learner pages' and the admin header's); closes once sent. */
export function FeedbackDialog({
  userId,
  open,
  onClose,
}: {
  userId: string;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} title={t('feedback.title')} closeLabel={t('app.close')}>
      <FeedbackForm userId={userId} onDone={onClose} />
    </Dialog>
  );
}

function FeedbackForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const t = useT();
  const ids = useId();
  const [type, setType] = useState<FeedbackType>(DEFAULT_FEEDBACK_TYPE);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateFeedback({ type, title, description }, { signedIn: true });
    if (!checked.ok) {
      setProblem(t(checked.key, checked.params));
      return;
    }
    const feedback = checked.value;
    setBusy(true);
    setProblem(null);
    try {
      await submitFeedback(userId, feedback.feedback_type, feedback.title, feedback.description);
      notify.success(t('feedback.thanks'));
      onDone();
    } catch (error) {
      console.error('Feedback could not be sent', error);
      if (error instanceof AppError && error.code === FEEDBACK_RATE_LIMITED) {
        // Said in the dialog, where the learner's text stays for the next try.
        setProblem(t('feedback.rateLimited'));
      } else {
        notify.error(t('feedback.submitFailed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="field">
        <label htmlFor={`${ids}-type`}>{t('feedback.typeLabel')}</label>
        <select
          id={`${ids}-type`}
          value={type}
          onChange={(e) => setType(e.target.value as FeedbackType)}
        >
          {FEEDBACK_TYPE_OPTIONS.map(({ value, labelKey }) => (
            <option key={value} value={value}>
              {t(labelKey)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-title`}>{t('feedback.titleLabel')}</label>
        <input
          id={`${ids}-title`}
          value={title}
          maxLength={FEEDBACK_TITLE_MAX}
          onChange={(e) => setTitle(e.target.value)}
          aria-describedby={`${ids}-title-count`}
        />
        <span id={`${ids}-title-count`} className="counter">
          {t('feedback.counter', { n: title.length, max: FEEDBACK_TITLE_MAX })}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-description`}>{t('feedback.descriptionLabel')}</label>
        <textarea
          id={`${ids}-description`}
          value={description}
          rows={5}
          maxLength={FEEDBACK_DESCRIPTION_MAX}
          onChange={(e) => setDescription(e.target.value)}
          aria-describedby={`${ids}-description-count`}
        />
        <span id={`${ids}-description-count`} className="counter">
          {t('feedback.counter', { n: description.length, max: FEEDBACK_DESCRIPTION_MAX })}
        </span>
      </div>
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          {t('feedback.submit')}
        </Button>
      </div>
    </form>
  );
}
