import { useId } from 'react';
import { useCoreText } from '../lib/i18n/core-text.ts';

export function Field({
  label,
  type = 'text',
  value,
  onChange,
  autoComplete,
}: {
  label: string;
  type?: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A form's error: core validation texts are shown in the reader's language, others as given. */
export function FormError({ problem }: { problem: string | null }) {
  const localize = useCoreText();
  if (!problem) return null;
  return (
    <p role="alert" className="form-error">
      {localize(problem)}
    </p>
  );
}
