import { useId, useState } from 'react';
import { FEEDBACK_STATUSES } from '@magyarul/core/enums';
import { useT } from '../lib/i18n/i18n.tsx';
import type { TextKey } from '../lib/i18n/catalogue.ts';
import type { FeedbackRow, FeedbackStatus } from './api.ts';
import { shortDate } from './shared.tsx';

const STATUSES: readonly FeedbackStatus[] = FEEDBACK_STATUSES;
const TYPE_LABEL: Record<string, TextKey> = {
  bug: 'adminUi.typeBug',
  feature: 'adminUi.typeFeature',
  content: 'adminUi.typeContent',
  general: 'adminUi.typeGeneral',
  others: 'adminUi.typeOthers',
};

function pagePath(url: string | null): string {
  if (!url) return '';
  try {
    return new URL(url, window.location.origin).pathname;
  } catch {
    return url;
  }
}

/**
 * The status of one item as four radio buttons side by side (one click, every choice in
 * view, arrow keys between them) instead of a small native dropdown.
 */
function StatusControl({
  title,
  value,
  labels,
  busy,
  onChange,
}: {
  title: string;
  value: FeedbackStatus;
  labels: Record<FeedbackStatus, string>;
  busy: boolean;
  onChange: (status: FeedbackStatus) => Promise<boolean>;
}) {
  const t = useT();
  const name = useId();
  // The choice shows at once; a failed update puts back what is stored (a new stored value
  // replaces what is shown while rendering, not in an effect).
  const [shown, setShown] = useState(value);
  const [stored, setStored] = useState(value);
  if (stored !== value) {
    setStored(value);
    setShown(value);
  }
  return (
    // Named by aria-label, not a legend: the item's title is on screen once, in its heading.
    <fieldset
      className="admin-segmented"
      disabled={busy}
      aria-label={t('adminUi.feedbackStatus', { title })}
    >
      {STATUSES.map((status) => (
        <label key={status} className={status === shown ? 'active' : undefined}>
          <input
            type="radio"
            name={name}
            value={status}
            checked={status === shown}
            onChange={() => {
              setShown(status);
              void onChange(status).then((ok) => ok || setShown(value));
            }}
          />
          {labels[status]}
        </label>
      ))}
    </fieldset>
  );
}

/** One item of the feedback inbox: its type, status, date, text, page and status control. */
export function FeedbackItem({
  row,
  statusLabel,
  busy,
  onStatus,
}: {
  row: FeedbackRow;
  statusLabel: Record<FeedbackStatus, string>;
  busy: boolean;
  onStatus: (status: FeedbackStatus) => Promise<boolean>;
}) {
  const t = useT();
  return (
    <li className="card admin-feedback-item">
      <p className="small">
        <span className={`badge feedback-type-${row.feedback_type}`}>
          {t(TYPE_LABEL[row.feedback_type] ?? 'adminUi.typeOthers')}
        </span>{' '}
        <span className={`badge feedback-status-${row.status}`}>
          {statusLabel[row.status as FeedbackStatus] ?? row.status}
        </span>{' '}
        <span className="muted">{shortDate(row.created_at)}</span>
      </p>
      <h3>{row.title}</h3>
      <p>{row.description}</p>
      {row.page_url && <p className="small muted">{pagePath(row.page_url)}</p>}
      <StatusControl
        title={row.title}
        value={row.status as FeedbackStatus}
        labels={statusLabel}
        busy={busy}
        onChange={onStatus}
      />
    </li>
  );
}
