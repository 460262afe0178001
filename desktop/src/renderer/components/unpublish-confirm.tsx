import { useEffect, useRef } from 'react';
import { studioMessage } from '../../shared/messages.ts';

type Props = {
  /** The live lessons "As draft" would take off the site. */
  readonly labels: readonly string[];
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
};

/**
 * Asked before "As draft" unpublishes a live lesson: learners lose it at once. Focus starts on
 * the safe answer; Escape keeps the lessons live.
 */
export function UnpublishConfirm({ labels, onConfirm, onCancel }: Props) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="unpublish-title"
      aria-describedby="unpublish-body"
      className="unpublish-confirm warning"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
    >
      <h3 id="unpublish-title">{studioMessage('unpublish-title', { n: labels.length })}</h3>
      <p id="unpublish-body">
        {studioMessage('unpublish-body', {
          notFound: studioMessage('not-found'),
          titles: labels.join(', '),
        })}
      </p>
      <div className="actions">
        <button type="button" ref={keep} onClick={onCancel}>
          {studioMessage('unpublish-cancel')}
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          {studioMessage('unpublish-confirm')}
        </button>
      </div>
    </div>
  );
}
