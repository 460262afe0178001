import { useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import type { Message } from '@magyarul/core/messages';
import { useT } from '../lib/i18n/i18n.tsx';
import { Button } from './button.tsx';
import { Field, FormError } from './form.tsx';

/** What a form shows as its problem: whatever FormError renders. */
export type Problem = ComponentProps<typeof FormError>['problem'];
/** A validation's outcome as core returns it: the value, or the first problem's key and values. */
export type Checked<T> =
  { readonly ok: true; readonly value: T } | (Message & { readonly ok: false });

/**
 * The state of a form whose submit validates its input and then runs one step: the problem to
 * show (the first validation error in the reader's language, or what `run` returns; null when it
 * succeeded) and whether
 * it is busy (the submit button is disabled meanwhile).
 */
export function useSubmit<T>(validate: () => Checked<T>, run: (value: T) => Promise<Problem>) {
  const t = useT();
  const [problem, setProblem] = useState<Problem>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate();
    setProblem(checked.ok ? null : t(checked.key, checked.params));
    if (!checked.ok) return;
    setBusy(true);
    try {
      setProblem(await run(checked.value));
    } finally {
      setBusy(false);
    }
  };
  return { problem, busy, onSubmit: (event: FormEvent) => void submit(event) };
}

/** A form's fields, then its problem, an optional note and the submit button. */
export function SubmitForm({
  onSubmit,
  problem,
  busy,
  submitLabel,
  disabled = false,
  note,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  problem: Problem;
  busy: boolean;
  submitLabel: string;
  /** Disables the submit button for another reason than being busy. */
  disabled?: boolean;
  /** Shown between the problem and the submit button. */
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {children}
      <FormError problem={problem} />
      {note}
      <Button type="submit" disabled={busy || disabled}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** The e-mail field of the auth forms. */
export function EmailField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} type="email" value={value} onChange={onChange} autoComplete="email" />
  );
}
