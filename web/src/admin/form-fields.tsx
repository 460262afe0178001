import { LabelledInput } from './shared.tsx';

/** A labelled file picker: hands over the chosen files (null when the browser gives none). */
export function FileField({
  label,
  accept,
  multiple,
  onFiles,
}: {
  label: string;
  accept?: string;
  multiple?: boolean;
  onFiles: (files: FileList | null) => void;
}) {
  return (
    <LabelledInput label={label}>
      {(id) => (
        <input
          id={id}
          type="file"
          accept={accept}
          multiple={multiple}
          onChange={(e) => onFiles(e.target.files)}
        />
      )}
    </LabelledInput>
  );
}

const optionOf = ({ value, label }: { value: string; label: string }) => (
  <option key={value} value={value}>
    {label}
  </option>
);

/** A labelled select over a fixed list of options (value and shown text). */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <LabelledInput label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {options.map(optionOf)}
        </select>
      )}
    </LabelledInput>
  );
}
