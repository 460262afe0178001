import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal built on <dialog>: the browser traps focus, closes on Escape and restores focus to
 * the opener, so it needs no focus-management code of its own.
 */
export function Dialog({
  open,
  onClose,
  title,
  closeLabel,
  children,
  mayClose,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  /** Asked before Escape or × closes the dialog (e.g. to confirm discarding unsaved input). */
  mayClose?: () => boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        if (mayClose && !mayClose()) event.preventDefault();
      }}
    >
      {open && (
        <div className="dialog-body">
          <div className="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button
              type="button"
              className="icon-button"
              aria-label={closeLabel}
              onClick={() => {
                if (!mayClose || mayClose()) onClose();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
