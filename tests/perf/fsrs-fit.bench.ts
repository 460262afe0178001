// Per-learner FSRS parameters on simulated learners (issue 30, acceptance 5). Each learner's
// memory follows FSRS-6 with weights of their own, drawn around the defaults (each weight × e^(0.6
// N(0,1)), clipped to the optimiser's ranges); the app schedules them with the defaults at 0.90
// retention and each review is recalled with the probability their true memory gives. Their log
// goes through core's pipeline with the real optimiser (fsrs-rs via its npm binding): the first
// 85 % of each learner's items (by time) are what the pipeline sees (it fits on the first 80 % of
// those and decides on the rest); the last 15 % are held out from both the fit and the decision
// and are what the numbers below are measured on. Prints log loss and RMSE (bins) of the
// defaults, the fit, the weights the decision rule chose and the true weights, the share of
// learners the fit helps, and the fit time per learner. PASS when the fit beats the defaults on
// the held-out reviews on average and the chosen weights never do worse on average.
//
// `npm run bench fsrs-fit` (200 learners, a few minutes on 2 cores);
// `npm run bench fsrs-fit -- --quick` (40 learners).
import { performance } from 'node:perf_hooks';
import { mulberry32 } from '@magyarul/core/flashcards';
import {
  DEFAULT_WEIGHTS,
  evaluateWeights,
  fitLearnerParameters,
  optimiserItems,
  simulateLearner,
  splitByTime,
  weightsAround,
} from '@magyarul/core/srs';
import type { FsrsOptimiser } from '@magyarul/core/srs';
import { fsrsRsOptimiser } from '../../supabase/local/src/fsrs/optimiser.ts';

const QUICK = process.argv.includes('--quick');
const LEARNERS = QUICK ? 40 : 200;
const SPREAD = 0.6;
const MAX_REVIEWS = 4000;
const FINAL_SHARE = 0.15;

type Row = {
  reviews: number;
  fitItems: number;
  fitMs: number;
  defaults: { logLoss: number; rmseBins: number };
  fitted: { logLoss: number; rmseBins: number };
  chosen: { logLoss: number; rmseBins: number };
  truth: { logLoss: number; rmseBins: number };
  useFitted: boolean;
};

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
};

const optimiser = fsrsRsOptimiser();
const rows: Row[] = [];
const started = performance.now();
for (let learner = 0; learner < LEARNERS; learner++) {
  const random = mulberry32(2026_0030 + learner);
  const trueWeights = weightsAround(random, SPREAD);
  const log = simulateLearner({ random, trueWeights, maxReviews: MAX_REVIEWS });
  const items = optimiserItems(log);
  const { training: seen, heldOut: final } = splitByTime(items, FINAL_SHARE);
  let fitMs = 0;
  let fitItems = 0;
  const timed: FsrsOptimiser = async (trainingItems) => {
    const t0 = performance.now();
    const weights = await optimiser(trainingItems);
    fitMs = performance.now() - t0;
    fitItems = trainingItems.length;
    return weights;
  };
  const fit = await fitLearnerParameters(seen, timed);
  if (fit.status !== 'fitted') throw new Error(`learner ${learner}: only ${fit.reviewCount} items`);
  const defaults = evaluateWeights(final, DEFAULT_WEIGHTS);
  const fitted = evaluateWeights(final, fit.parameters);
  rows.push({
    reviews: log.length,
    fitItems,
    fitMs,
    defaults,
    fitted,
    chosen: fit.useFitted ? fitted : defaults,
    truth: evaluateWeights(final, trueWeights),
    useFitted: fit.useFitted,
  });
}
const wallS = (performance.now() - started) / 1000;

const metric = (
  pick: (row: Row) => { logLoss: number; rmseBins: number },
  key: 'logLoss' | 'rmseBins',
) => mean(rows.map((row) => pick(row)[key]));
const logLoss = {
  defaults: metric((r) => r.defaults, 'logLoss'),
  fitted: metric((r) => r.fitted, 'logLoss'),
  chosen: metric((r) => r.chosen, 'logLoss'),
  truth: metric((r) => r.truth, 'logLoss'),
};
const rmse = {
  defaults: metric((r) => r.defaults, 'rmseBins'),
  fitted: metric((r) => r.fitted, 'rmseBins'),
  chosen: metric((r) => r.chosen, 'rmseBins'),
  truth: metric((r) => r.truth, 'rmseBins'),
};
const reviews = rows.map((r) => r.reviews);
const fitMs = rows.map((r) => r.fitMs);
const helped = rows.filter((r) => r.fitted.logLoss < r.defaults.logLoss).length;
const used = rows.filter((r) => r.useFitted).length;
const usedAndHelped = rows.filter(
  (r) => r.useFitted && r.fitted.logLoss < r.defaults.logLoss,
).length;

console.log(
  `${rows.length} simulated learners, ${Math.round(mean(reviews))} reviews each on average ` +
    `(${Math.min(...reviews)}–${Math.max(...reviews)}); measured on each learner's last ` +
    `${FINAL_SHARE * 100} % of reviews, held out from the fit and the decision`,
);
console.log(
  `held-out log loss:    defaults ${logLoss.defaults.toFixed(4)}, fitted ${logLoss.fitted.toFixed(4)}, ` +
    `chosen ${logLoss.chosen.toFixed(4)}, true weights ${logLoss.truth.toFixed(4)}`,
);
console.log(
  `held-out RMSE (bins): defaults ${rmse.defaults.toFixed(4)}, fitted ${rmse.fitted.toFixed(4)}, ` +
    `chosen ${rmse.chosen.toFixed(4)}, true weights ${rmse.truth.toFixed(4)}`,
);
console.log(
  `fitted / defaults: log loss ${(logLoss.fitted / logLoss.defaults).toFixed(3)}, ` +
    `RMSE (bins) ${(rmse.fitted / rmse.defaults).toFixed(3)}; chosen / defaults: log loss ` +
    `${(logLoss.chosen / logLoss.defaults).toFixed(3)}`,
);
console.log(
  `the fit predicts better than the defaults for ${helped} of ${rows.length} learners; the rule ` +
    `used it for ${used} (${usedAndHelped} of them better on the final reviews too)`,
);
console.log(
  `fit time per learner (fsrs-rs computeParameters, ${Math.round(mean(rows.map((r) => r.fitItems)))} ` +
    `items on average): median ${percentile(fitMs, 50).toFixed(0)} ms, p95 ` +
    `${percentile(fitMs, 95).toFixed(0)} ms, max ${Math.max(...fitMs).toFixed(0)} ms; ` +
    `whole run ${wallS.toFixed(0)} s`,
);
const pass = logLoss.fitted < logLoss.defaults && logLoss.chosen <= logLoss.defaults;
console.log(
  `${pass ? 'PASS' : 'FAIL'}: fitted parameters predict held-out reviews better than the defaults ` +
    `(log loss ${logLoss.fitted.toFixed(4)} < ${logLoss.defaults.toFixed(4)})`,
);
process.exitCode = pass ? 0 : 1;
