import type { ServerContext } from '../context.ts';

// The embedded server's scheduler for the daily reminders (DESIGN §12.2): every
// reminderIntervalSeconds it calls the send-reminders function as hosted's pg_cron job does
// (POST with the service role key), so the function's rules (local hour, one per local day,
// only when words are due) are the same code locally and on hosted. The first run waits one
// interval, so a server started for a test sends nothing by itself.

export type ReminderScheduler = { stop(): void; runOnce(): Promise<void> };

export function startReminderScheduler(ctx: ServerContext, quiet: boolean): ReminderScheduler {
  const seconds = ctx.config.reminderIntervalSeconds ?? 300;
  let running: Promise<void> | null = null;
  const runOnce = async () => {
    const res = await fetch(`${ctx.config.publicUrl}/functions/v1/send-reminders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ctx.keys.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`send-reminders answered ${res.status}: ${text.slice(0, 200)}`);
  };
  if (seconds === 0) return { stop() {}, runOnce };
  const timer = setInterval(() => {
    // One run at a time: a slow mail service never stacks runs.
    if (running) return;
    running = runOnce()
      .catch((error: unknown) => {
        if (!quiet) console.error('reminders:', error instanceof Error ? error.message : error);
      })
      .finally(() => {
        running = null;
      });
  }, seconds * 1000);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    runOnce,
  };
}
