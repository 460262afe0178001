import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

// One embedded server per run, on a fresh data directory and its own port. The config is also
// loaded by every worker: the values go through process.env so all of them agree.
const root = fileURLToPath(new URL('../..', import.meta.url));
process.env.E2E_PORT ??= String(20_000 + (process.pid % 20_000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'magyarul-e2e-'));
const webCopy = join(process.env.E2E_DATA_DIR, 'web');
const external = process.env.E2E_BASE_URL;
const baseURL = external ?? `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Per run, so concurrent runs in the shared tree do not delete each other's artifacts.
  outputDir: join(root, 'test-results', `e2e-${basename(process.env.E2E_DATA_DIR)}`),
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: external
    ? undefined
    : {
        // Builds web/dist when it is missing or stale and serves a private copy of it (so a
        // rebuild in the shared tree during the run cannot pull the app away), API on one origin.
        command: `node web/scripts/ensure-build.mjs && cp -r web/dist ${webCopy} && npx tsx supabase/local/src/main.ts`,
        cwd: root,
        url: `${baseURL}/_dev/info`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: process.env.E2E_PORT,
          MAGYARUL_DATA_DIR: join(process.env.E2E_DATA_DIR, 'data'),
          MAGYARUL_WEB_DIR: webCopy,
          AUTH_EMAIL_MIN_INTERVAL_SECONDS: '0',
          // The whole run signs up and in, and follows e-mail links, from one address, far more
          // often than one person does: hosted's per-address and per-hour limits are raised for
          // this run only (tests/security/auth-*.test.ts attack them with config.toml's defaults).
          AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '10000',
          AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '10000',
          AUTH_RATE_LIMIT_EMAIL_SENT: '10000',
          NODE_ENV: 'development',
          // learners-day.spec.ts runs the reminder function with a fake clock, as the scheduler
          // would; a scheduler on the real clock would remind its learners at their hours too.
          MAGYARUL_REMINDER_INTERVAL_SECONDS: '0',
        },
      },
});
