import { useEffect, useReducer, useState } from 'react';
import type {
  PublishAs,
  PublishCheckReport,
  PublishCredentials,
  PublishItem,
  PublishProgress,
} from '../shared/model.ts';
import { studio } from './studio.ts';
import { useChangeChoices } from './use-change-choices.ts';

export type PublishForm = PublishCredentials & { readonly status: PublishAs };

const EMPTY: PublishForm = {
  url: 'http://127.0.0.1:54321',
  anonKey: '',
  email: '',
  password: '',
  allowInsecure: false,
  mfaCode: '',
  // Each lesson stays live or draft as the server has it, unless the author chooses otherwise.
  status: 'keep',
};

/**
 * The publish dialog's state: the form (server, key and e-mail remembered, the password not),
 * the last check's report, the author's choices for what the server changed (`choices`), the
 * items sent so far with their progress, and `check` / `publish`, which run one at a time
 * (`busy`) and leave their failure in `error`.
 */
export function usePublish(lessonIds: readonly number[], onChanged: () => void) {
  const [form, update] = useReducer(
    (state: PublishForm, patch: Partial<PublishForm>): PublishForm => ({ ...state, ...patch }),
    EMPTY,
  );
  const [report, setReport] = useState<PublishCheckReport | null>(null);
  // Another server or account: what the last check said no longer holds.
  const setField = (patch: Partial<PublishForm>) => {
    if ('url' in patch || 'anonKey' in patch || 'email' in patch) setReport(null);
    update(patch);
  };
  const [items, setItems] = useState<PublishItem[]>([]);
  const [progress, setProgress] = useState<PublishProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choices = useChangeChoices();

  useEffect(() => {
    void studio()
      .publishTarget()
      .then((target) => target && update(target));
    return studio().onPublishProgress((p) => {
      setProgress(p);
      setItems((current) => [...current, p.item]);
    });
  }, []);

  const credentials = (): PublishCredentials => ({
    url: form.url.trim(),
    anonKey: form.anonKey.trim(),
    email: form.email.trim(),
    password: form.password,
    allowInsecure: form.allowInsecure,
    mfaCode: (form.mfaCode ?? '').trim(),
  });
  const guard = async (task: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setItems([]);
    setProgress(null);
    try {
      await task();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const checkNow = async () => {
    setReport(await studio().checkPublish({ ...credentials(), lessonIds: [...lessonIds] }));
    // The check read each lesson's state on the server: the list shows it now.
    onChanged();
  };
  const check = () => guard(checkNow);
  const publish = (acceptWarnings: boolean, confirmUnpublish: boolean) =>
    guard(async () => {
      const result = await studio().publish({
        ...credentials(),
        lessonIds: [...lessonIds],
        status: form.status,
        acceptWarnings,
        confirmUnpublish,
        choices: choices.list(),
      });
      onChanged();
      if (result.failed > 0) {
        setError(`${result.failed} item(s) failed; see below. Publish again to retry them.`);
      }
      await checkNow();
    });

  return { form, setField, report, choices, items, progress, busy, error, check, publish };
}
