import { useId } from 'react';
import { useT } from '../lib/i18n/i18n.tsx';
import type { FormProblem } from '../lib/forms.ts';

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

export function FormError({ problem }: { problem: FormProblem | string | null }) {
  const t = useT();
  if (!problem) return null;
  return (
    <p role="alert" className="form-error">
      {typeof problem === 'string' ? problem : t(problem.key, problem.params)}
    </p>
  );
}
