// Per-learner FSRS parameters (issue 30, acceptance 5). A maintained optimiser from npm fits
// them; core only prepares its input, keeps the most recent reviews aside, and decides: the fit
// is used only when it predicts those held-out reviews better than the defaults (log loss).
// The optimiser is a port so core imports no native module (the adapter lives where it runs).
import { default_w } from 'ts-fsrs';
import { evaluateWeights } from './fit-evaluation.ts';
import type { FitEvaluation } from './fit-evaluation.ts';
import type { OptimiserItem, TimedItem } from './optimiser-items.ts';

/** Fits FSRS-6 weights (21 numbers) to review histories, e.g. fsrs-rs's computeParameters. */
export type FsrsOptimiser = (items: readonly OptimiserItem[]) => Promise<number[]>;

/** The FSRS-6 defaults, what every learner is scheduled with until a fit beats them. */
export const DEFAULT_WEIGHTS: readonly number[] = default_w;

/**
 * Reviews (optimiser items) a learner needs before a fit is tried. fsrs-rs's
 * `compute_parameters` returns the defaults below 8 items and only pre-trains the four initial
 * stabilities below 64; Anki, the optimiser's main client, treats fewer than 400 items as too
 * little history to trust (rslib/src/scheduler/fsrs/params.rs). With a fifth held out, 400
 * leaves 320 for the fit, well past full training, and 80 to judge it by.
 */
export const MIN_OPTIMISER_ITEMS = 400;
/** The most recent share of items kept out of the fit to judge it. */
export const HELD_OUT_SHARE = 0.2;

export type HeldOutSplit = {
  readonly training: readonly TimedItem[];
  readonly heldOut: readonly TimedItem[];
  /** Items answered at or after this time are held out; none before it. */
  readonly cutoff: Date | null;
};

/**
 * Splits by time: the last `share` of items (by the time of their last review) are held out,
 * and no held-out item is older than any training item. Items answered at the same instant as
 * the cutoff go to the held-out side together.
 */
export function splitByTime(items: readonly TimedItem[], share = HELD_OUT_SHARE): HeldOutSplit {
  const sorted = [...items].sort((a, b) => a.reviewedAt.getTime() - b.reviewedAt.getTime());
  const heldOutCount = Math.min(sorted.length, Math.max(0, Math.round(sorted.length * share)));
  if (heldOutCount === 0) return { training: sorted, heldOut: [], cutoff: null };
  const cutoff = (sorted[sorted.length - heldOutCount] as TimedItem).reviewedAt;
  const first = sorted.findIndex((item) => item.reviewedAt.getTime() >= cutoff.getTime());
  return { training: sorted.slice(0, first), heldOut: sorted.slice(first), cutoff };
}

export type LearnerFit =
  | { readonly status: 'notEnoughReviews'; readonly reviewCount: number }
  | {
      readonly status: 'fitted';
      readonly reviewCount: number;
      readonly heldOutCount: number;
      readonly parameters: readonly number[];
      readonly fitted: FitEvaluation;
      readonly defaults: FitEvaluation;
      /** The fit predicts the held-out reviews better than the defaults: use it. */
      readonly useFitted: boolean;
    };

function validWeights(weights: readonly number[]): boolean {
  return weights.length === DEFAULT_WEIGHTS.length && weights.every(Number.isFinite);
}

/**
 * Fits the learner's weights on all but their most recent reviews and compares both sets on
 * those. A fit that is not 21 finite numbers is reported as not better (the defaults stay).
 */
export async function fitLearnerParameters(
  items: readonly TimedItem[],
  optimiser: FsrsOptimiser,
  options: { readonly minItems?: number; readonly heldOutShare?: number } = {},
): Promise<LearnerFit> {
  const { minItems = MIN_OPTIMISER_ITEMS, heldOutShare = HELD_OUT_SHARE } = options;
  if (items.length < minItems) return { status: 'notEnoughReviews', reviewCount: items.length };
  const { training, heldOut } = splitByTime(items, heldOutShare);
  const parameters = await optimiser(training.map(({ reviews }) => ({ reviews })));
  const defaults = evaluateWeights(heldOut, DEFAULT_WEIGHTS);
  const valid = validWeights(parameters);
  const fitted = valid
    ? evaluateWeights(heldOut, parameters)
    : { logLoss: Number.NaN, rmseBins: Number.NaN, count: 0 };
  return {
    status: 'fitted',
    reviewCount: items.length,
    heldOutCount: heldOut.length,
    parameters,
    fitted,
    defaults,
    useFitted: useFittedParameters({
      logLossDefault: defaults.logLoss,
      logLossFitted: fitted.logLoss,
    }),
  };
}

/**
 * The rule of `learner_fsrs_parameters`: stored fitted weights are used only when their
 * held-out log loss is lower than the defaults'. Anything missing or not a number keeps the
 * defaults.
 */
export function useFittedParameters(fit: {
  readonly logLossDefault: number | null;
  readonly logLossFitted: number | null;
}): boolean {
  const { logLossDefault, logLossFitted } = fit;
  return (
    typeof logLossDefault === 'number' &&
    typeof logLossFitted === 'number' &&
    Number.isFinite(logLossDefault) &&
    Number.isFinite(logLossFitted) &&
    logLossFitted < logLossDefault
  );
}

/** The weights to schedule a learner with: their stored fit when it won, else the defaults. */
export function learnerWeights(
  row: {
    readonly parameters: readonly number[] | null;
    readonly log_loss_default: number | null;
    readonly log_loss_fitted: number | null;
  } | null,
): readonly number[] {
  if (
    row?.parameters &&
    validWeights(row.parameters) &&
    useFittedParameters({
      logLossDefault: row.log_loss_default,
      logLossFitted: row.log_loss_fitted,
    })
  ) {
    return row.parameters;
  }
  return DEFAULT_WEIGHTS;
}
