import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DESIRED_RETENTION } from '@magyarul/core/srs';
import { DEFAULT_NEW_ITEMS_PER_DAY } from '@magyarul/core/practice';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { notify } from '../lib/toast.ts';
import { Button } from '../components/button.tsx';
import { fetchScheduling, saveScheduling, type Scheduling } from './practice-api.ts';
import './practice.css';

/** The most new items a day the profile accepts (profiles.new_items_per_day). */
export const MAX_NEW_ITEMS_PER_DAY = 100;

/**
 * The learner's review settings on their profile: the desired retention FSRS schedules every
 * item for (0.80–0.95) and how many new items the review page may start in a day.
 */
export function SchedulingSettings({ userId }: { userId: string }) {
  const t = useT();
  const id = useId();
  const saved = useQuery({
    queryKey: ['scheduling', userId],
    queryFn: () => fetchScheduling(userId),
  });
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('scheduling.title')}</h2>
      {/* A new form per saved value: the fields start from what the profile holds. */}
      <SchedulingForm
        key={saved.data ? `${saved.data.desiredRetention}:${saved.data.newItemsPerDay}` : 'default'}
        userId={userId}
        saved={saved.data ?? null}
      />
    </section>
  );
}

function SchedulingForm({ userId, saved }: { userId: string; saved: Scheduling | null }) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Scheduling>(
    saved ?? {
      desiredRetention: DESIRED_RETENTION.default,
      newItemsPerDay: DEFAULT_NEW_ITEMS_PER_DAY,
    },
  );
  const save = useMutation({
    mutationFn: (next: Scheduling) => saveScheduling(userId, next),
    onSuccess: async () => {
      notify.success(t('scheduling.saved'));
      await queryClient.invalidateQueries({ queryKey: ['scheduling', userId] });
    },
    onError: (error) => {
      console.error('Saving the review settings failed', error);
      notify.error(t('scheduling.saveFailed'));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const perDay = Math.round(draft.newItemsPerDay);
    if (!Number.isFinite(perDay) || perDay < 0 || perDay > MAX_NEW_ITEMS_PER_DAY) return;
    save.mutate({
      desiredRetention: Math.round(draft.desiredRetention * 100) / 100,
      newItemsPerDay: perDay,
    });
  };
  const retention = format.percent(draft.desiredRetention);

  return (
    <form className="form" onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={`${id}-retention`}>
          {t('scheduling.retention')}: <output htmlFor={`${id}-retention`}>{retention}</output>
        </label>
        <input
          id={`${id}-retention`}
          type="range"
          min={DESIRED_RETENTION.min}
          max={DESIRED_RETENTION.max}
          step={0.01}
          value={draft.desiredRetention}
          aria-valuetext={retention}
          aria-describedby={`${id}-retention-hint`}
          disabled={!saved}
          onChange={(e) => setDraft({ ...draft, desiredRetention: Number(e.target.value) })}
        />
        <p id={`${id}-retention-hint`} className="muted small">
          {t('scheduling.retentionHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-new`}>{t('scheduling.newPerDay')}</label>
        <input
          id={`${id}-new`}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_NEW_ITEMS_PER_DAY}
          step={1}
          value={draft.newItemsPerDay}
          disabled={!saved}
          onChange={(e) => setDraft({ ...draft, newItemsPerDay: e.target.valueAsNumber })}
        />
      </div>
      <Button type="submit" disabled={!saved || save.isPending}>
        {t('scheduling.save')}
      </Button>
    </form>
  );
}
