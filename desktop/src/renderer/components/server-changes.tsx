import { formatTime } from '../../shared/format-time.ts';
import type { StudioMessageCode } from '../../shared/messages.ts';
import { studioMessage } from '../../shared/messages.ts';
import type { Choice, FieldValue, LessonCheck, ServerChange } from '../../shared/model.ts';
import type { ChangeChoices } from '../use-change-choices.ts';

const TIMES = new Set(['start_time', 'end_time', 'duration']);
const FILES = new Set(['audio_url', 'audio_file_path']);

/** A column's value as the author reads it: times as in the grid, recordings by file name. */
function shown(field: string, value: FieldValue): string {
  if (value === null || value === '') return studioMessage('value-none');
  if (TIMES.has(field) && typeof value === 'number') return formatTime(value);
  if (FILES.has(field)) return String(value).split('/').pop() ?? String(value);
  return String(value);
}

const ROW_CHANGE = {
  added: 'change-added',
  deleted: 'change-deleted',
  'deleted-here': 'change-deleted-here',
} as const satisfies Record<Exclude<ServerChange['change'], 'changed'>, StudioMessageCode>;

const fieldName = (field: string) => studioMessage(`field-${field}` as StudioMessageCode);

type Slot = {
  readonly field: string;
  readonly legend: string;
  readonly server: string;
  readonly mine: string;
  readonly both: boolean;
};

/** The choices a change asks for: one per changed column, or one for the whole row. */
function slotsOf(change: ServerChange): Slot[] {
  if (change.change === 'changed') {
    return change.fields.map((field) => ({
      field: field.field,
      legend: `${change.label} · ${fieldName(field.field)}`,
      server: shown(field.field, field.server),
      mine: shown(field.field, field.mine),
      both: field.mineChanged,
    }));
  }
  return [
    {
      field: '',
      legend: `${change.label}: ${studioMessage(ROW_CHANGE[change.change])}`,
      server: change.server ?? studioMessage('row-absent'),
      mine: change.mine ?? studioMessage('row-absent'),
      both: false,
    },
  ];
}

type Props = {
  readonly check: LessonCheck;
  readonly choices: ChangeChoices;
};

/**
 * The rows changed on the server since the studio's last publish of the lesson, before anything
 * is sent: for each changed column (or added or deleted row) the server's value and mine, to
 * choose between, and the three answers for all of them at once.
 */
export function ServerChanges({ check, choices }: Props) {
  const { lessonId, changes } = check;
  const open = choices.unresolved(check);
  const radio = (change: ServerChange, slot: Slot, choice: Choice, text: string) => (
    <label>
      <input
        type="radio"
        name={`${lessonId}|${change.key}|${slot.field}`}
        checked={choices.choiceOf(lessonId, change, slot.field) === choice}
        onChange={() => choices.choose(lessonId, change, slot.field, choice)}
      />{' '}
      {text}
    </label>
  );
  return (
    <div
      className="server-changes"
      role="group"
      aria-label={`${studioMessage('server-changes-title', { n: changes.length })} (${check.label})`}
    >
      <p>
        <strong>{studioMessage('server-changes-title', { n: changes.length })}</strong>
      </p>
      <p className="hint">{studioMessage('server-changes-hint')}</p>
      <div className="bulk">
        <button type="button" onClick={() => choices.chooseAll(lessonId, changes, 'server')}>
          {studioMessage('take-server')}
        </button>
        <button type="button" onClick={() => choices.chooseAll(lessonId, changes, 'mine')}>
          {studioMessage('keep-mine')}
        </button>
        <button type="button" onClick={() => choices.chooseAll(lessonId, changes, 'merge')}>
          {studioMessage('merge-by-line')}
        </button>
      </div>
      <ul className="changes">
        {changes.flatMap((change) =>
          slotsOf(change).map((slot) => (
            <li key={`${change.key}|${slot.field}`}>
              <fieldset>
                <legend>
                  {slot.legend}
                  {slot.both && <em> ({studioMessage('change-both')})</em>}
                </legend>
                {radio(
                  change,
                  slot,
                  'server',
                  studioMessage('choice-server', { value: slot.server }),
                )}
                {radio(change, slot, 'mine', studioMessage('choice-mine', { value: slot.mine }))}
              </fieldset>
            </li>
          )),
        )}
      </ul>
      {open > 0 && (
        <p role="status" className="unresolved">
          {studioMessage('server-changes-unresolved', { n: open })}
        </p>
      )}
    </div>
  );
}
