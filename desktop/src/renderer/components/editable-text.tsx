import { useEffect, useRef, useState } from 'react';

type Props = {
  readonly value: string;
  /** Called with the new text when the author is done: Enter, leaving the field, or a pause. */
  readonly onCommit: (value: string) => void;
  readonly label: string;
  readonly multiline?: boolean;
  readonly className?: string;
  readonly placeholder?: string;
  /** The caret moved (split at the playhead cuts the text there). */
  readonly onCaret?: (position: number) => void;
};

/** Typing pauses this long are saved, so nothing typed is lost if the studio closes. */
const IDLE_SAVE_MS = 1200;

/**
 * A text field that edits a saved value: it shows the value as it is now (an undo changes it
 * under the author's eyes) unless the author is typing in it, and hands each finished edit to
 * `onCommit` once, as one undoable change. Escape puts the saved value back.
 */
export function EditableText({
  value,
  onCommit,
  label,
  multiline,
  className,
  placeholder,
  onCaret,
}: Props) {
  const [text, setText] = useState(value);
  const editing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const committed = useRef(value);
  // The text as typed, for handlers that run before React re-renders (blur right after Escape).
  const typed = useRef(value);

  useEffect(() => {
    committed.current = value;
    if (!editing.current) {
      typed.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const commit = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (next === committed.current) return;
    committed.current = next;
    onCommit(next);
  };
  const common = {
    value: text,
    'aria-label': label,
    className,
    placeholder,
    onFocus: () => {
      editing.current = true;
    },
    onBlur: () => {
      editing.current = false;
      commit(typed.current);
    },
    onChange: (e: { currentTarget: { value: string; selectionStart: number | null } }) => {
      const next = e.currentTarget.value;
      typed.current = next;
      setText(next);
      onCaret?.(e.currentTarget.selectionStart ?? next.length);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => commit(next), IDLE_SAVE_MS);
    },
    onSelect: (e: { currentTarget: { selectionStart: number | null } }) =>
      onCaret?.(e.currentTarget.selectionStart ?? 0),
    onKeyDown: (e: {
      key: string;
      shiftKey: boolean;
      preventDefault: () => void;
      currentTarget: { blur: () => void };
    }) => {
      if (e.key === 'Escape') {
        typed.current = committed.current;
        setText(committed.current);
        if (timer.current) clearTimeout(timer.current);
        e.currentTarget.blur();
      } else if (e.key === 'Enter' && !(multiline && e.shiftKey)) {
        e.preventDefault();
        commit(typed.current);
      }
    },
  };
  return multiline ? <textarea rows={2} {...common} /> : <input {...common} />;
}
