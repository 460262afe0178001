// One run of the per-learner FSRS fit against a Supabase project, for hosted deployments (the
// embedded server runs the same job on its own schedule). Schedule it daily on any machine with
// Node 22 and this repository (cron, a CI schedule):
//
//   SUPABASE_URL=https://<project>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<service key> \
//     npm run fit-fsrs -w @magyarul/local
//
// The service key stays on that machine: it reads learners' review logs and writes
// learner_fsrs_parameters, which learners can only read. Exit code 1 when any learner failed.
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../types/database.ts';
import { fitLearners } from '../src/fsrs/fit-learners.ts';

const url = process.env.SUPABASE_URL;
const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
if (!url || !key) {
  console.error('Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (the project’s service key).');
  process.exit(2);
}
const client = createClient<Database>(url, key, {
  auth: { persistSession: false, autoRefreshToken: false },
});
const started = Date.now();
const report = await fitLearners(client);
for (const { userId, reviews, fit } of report.learners) {
  if (fit.status === 'fitted') {
    console.log(
      `${userId}: ${reviews} reviews, ${fit.reviewCount} items; held-out log loss ` +
        `${fit.defaults.logLoss.toFixed(4)} (defaults) vs ${fit.fitted.logLoss.toFixed(4)} (fit): ` +
        (fit.useFitted ? 'fit used' : 'defaults kept'),
    );
  } else {
    console.log(`${userId}: ${reviews} reviews, ${fit.reviewCount} items: too few to fit`);
  }
}
for (const { userId, error } of report.failed) console.error(`${userId}: ${error}`);
console.log(
  `fitted ${report.learners.length} learners in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(report.failed.length > 0 ? 1 : 0);
