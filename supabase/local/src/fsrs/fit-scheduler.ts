// The embedded server's FSRS fitting job: a few minutes after start and then every
// MAGYARUL_FSRS_FIT_HOURS hours (default 24; 0 turns it off), fitLearners runs against the
// server's own API with the service key, as the hosted job does (scripts/fit-fsrs.ts). One run
// at a time; a run that fails is logged and the next one tries again.
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../../types/database.ts';
import type { FitOptions, FitRunReport } from './fit-learners.ts';

export type FitSchedule = {
  /** Time between runs; 0 or less: no runs. */
  readonly intervalMs: number;
  /** Time from start to the first run (default 5 minutes). */
  readonly firstRunMs?: number;
  readonly options?: FitOptions;
  readonly onReport?: (report: FitRunReport) => void;
};

export type FitScheduler = {
  /** Runs now (after a run in progress); resolves with its report. */
  runNow(): Promise<FitRunReport>;
  stop(): void;
};

export function startFitScheduler(
  url: string,
  serviceRoleKey: string,
  schedule: FitSchedule,
): FitScheduler {
  const client = createClient<Database>(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  let running: Promise<FitRunReport> = Promise.resolve({ learners: [], failed: [] });
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const run = (): Promise<FitRunReport> => {
    running = running
      .catch(() => ({ learners: [], failed: [] }))
      // Loaded on the first run: the optimiser is a native module most servers never need.
      .then(async () => (await import('./fit-learners.ts')).fitLearners(client, schedule.options));
    return running;
  };
  const next = (delay: number) => {
    if (stopped || schedule.intervalMs <= 0) return;
    timer = setTimeout(() => {
      run().then(
        (report) => {
          schedule.onReport?.(report);
          for (const failure of report.failed) {
            console.warn(`FSRS fit of learner ${failure.userId} failed: ${failure.error}`);
          }
        },
        (error: unknown) => console.warn('The FSRS fitting run failed; it runs again later', error),
      );
      next(schedule.intervalMs);
    }, delay);
    // The job never keeps the process alive on its own.
    timer.unref();
  };
  next(schedule.firstRunMs ?? 5 * 60_000);
  return {
    runNow: run,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
