import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DAILY_GOALS, fetchDaySettings, saveDaySettings } from '../lib/day-api.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useFormat } from '../lib/i18n/use-format.ts';
import { notify } from '../lib/toast.ts';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const OFF = 'off';

type Change = { dailyGoal?: number; reminderHour?: number | null; timeZone?: string };

/** The browser's time zone: the reminder's hour is this device's hour. */
function browserZone(fallback: string): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || fallback;
}

/**
 * The daily goal (answers a day) and the daily reminder's hour, in the learner's time zone
 * (issue 29 points 2 and 3). Each choice is saved when made.
 */
export function DaySettings({ userId, timeZone }: { userId: string; timeZone: string }) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['day-settings', userId],
    queryFn: () => fetchDaySettings(userId),
    enabled: userId !== '',
  });
  const save = useMutation({
    mutationFn: (change: Change) => saveDaySettings(userId, change),
    onSuccess: async () => {
      notify.success(t('settings.saved'));
      await queryClient.invalidateQueries({ queryKey: ['day-settings', userId] });
      await queryClient.invalidateQueries({ queryKey: ['progress', userId, 'today'] });
      await queryClient.invalidateQueries({ queryKey: ['streak', userId] });
      await queryClient.invalidateQueries({ queryKey: ['profile', userId] });
    },
    onError: (error) => {
      console.error('Saving the day settings failed', error);
      notify.error(t('settings.saveFailed'));
    },
  });
  const pending = save.isPending ? save.variables : undefined;
  const goal = pending?.dailyGoal ?? settings.data?.dailyGoal ?? 20;
  const hour =
    pending?.reminderHour !== undefined ? pending.reminderHour : settings.data?.reminderHour;
  const disabled = !settings.data || save.isPending;
  const zone = browserZone(timeZone);

  return (
    <>
      <section className="card" aria-labelledby={`${id}-goal-title`}>
        <h2 id={`${id}-goal-title`}>{t('settings.goal.title')}</h2>
        <div className="field">
          <label htmlFor={`${id}-goal`}>{t('settings.goal.label')}</label>
          <select
            id={`${id}-goal`}
            value={goal}
            disabled={disabled}
            aria-describedby={`${id}-goal-help`}
            onChange={(e) => save.mutate({ dailyGoal: Number(e.target.value) })}
          >
            {DAILY_GOALS.map((n) => (
              <option key={n} value={n}>
                {t('settings.goal.option', { n })}
              </option>
            ))}
          </select>
        </div>
        <p id={`${id}-goal-help`} className="muted small">
          {t('settings.goal.help')}
        </p>
      </section>
      <section className="card" aria-labelledby={`${id}-reminder-title`}>
        <h2 id={`${id}-reminder-title`}>{t('settings.reminder.title')}</h2>
        <div className="field">
          <label htmlFor={`${id}-hour`}>{t('settings.reminder.hour')}</label>
          <select
            id={`${id}-hour`}
            value={hour === null || hour === undefined ? OFF : String(hour)}
            disabled={disabled}
            aria-describedby={`${id}-reminder-help`}
            onChange={(e) =>
              save.mutate({
                reminderHour: e.target.value === OFF ? null : Number(e.target.value),
                // The hour is meant on this device's clock: the zone goes with it.
                timeZone: zone,
              })
            }
          >
            <option value={OFF}>{t('settings.reminder.off')}</option>
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {format.hour(h)}
              </option>
            ))}
          </select>
        </div>
        <p id={`${id}-reminder-help`} className="muted small">
          {t('settings.reminder.help', { zone })}
        </p>
      </section>
    </>
  );
}
