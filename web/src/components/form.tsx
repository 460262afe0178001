import { useId } from 'react';

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

/** A form's error, already in the reader's language (core messages rendered with `t`). */
export function FormError({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <p role="alert" className="form-error">
      {problem}
    </p>
  );
}
