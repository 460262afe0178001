// The per-learner FSRS fit (issue 30 point 5, DESIGN §12.1): learners with enough reviews get
// FSRS-6 weights fitted from their own review log by fsrs-rs, stored in learner_fsrs_parameters
// with how the fit and the defaults predicted the learner's most recent fifth of reviews (held
// out of the fit); record-word-result schedules with the fit only when it predicted better.
//
// It talks to the project with supabase-js and the service key, so the same code runs in the
// embedded server's scheduler (fit-scheduler.ts) and, on hosted Supabase, as a scheduled Node
// job (scripts/fit-fsrs.ts): an edge function cannot load the optimiser's native module and has
// 2 s of CPU per request.
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  MIN_OPTIMISER_ITEMS,
  fitLearnerParameters,
  optimiserItems,
  reviewLogEntries,
} from '@magyarul/core/srs';
import type { FsrsOptimiser, LearnerFit, ReviewLogRowLike } from '@magyarul/core/srs';
import type { Database } from '../../../types/database.ts';
import { fsrsRsOptimiser } from './optimiser.ts';

type Client = SupabaseClient<Database>;

export type FitOptions = {
  readonly optimiser?: FsrsOptimiser;
  /** Review_log rows a learner needs before a fit is tried (items are fewer: ≥ 400 of them). */
  readonly minReviews?: number;
  /** Reviews since the last fit before a learner is fitted again. */
  readonly minNewReviews?: number;
  /** Learners fitted in one run (the longest waiting first). */
  readonly limit?: number;
  /** Stop one learner's training after this many ms (the optimiser keeps what it reached). */
  readonly timeoutMs?: number;
};

export type LearnerFitResult = {
  readonly userId: string;
  readonly reviews: number;
  readonly fit: LearnerFit;
};

export type FitRunReport = {
  readonly learners: readonly LearnerFitResult[];
  readonly failed: readonly { readonly userId: string; readonly error: string }[];
};

/** Rows per read: hosted PostgREST answers at most 1,000. */
const PAGE = 1000;

async function reviewRows(client: Client, userId: string): Promise<ReviewLogRowLike[]> {
  const rows: ReviewLogRowLike[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await client
      .from('review_log')
      .select('vocabulary_id, line_id, glossary_id, skill, rating, reviewed_at')
      .eq('user_id', userId)
      .order('reviewed_at', { ascending: true })
      .order('id', { ascending: true })
      .range(from, from + PAGE - 1);
    if (error) throw new Error(`reading the review log failed: ${error.message}`);
    rows.push(...data);
    if (data.length < PAGE) return rows;
  }
}

const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? value : null);

function storedRow(userId: string, reviews: number, fit: LearnerFit) {
  if (fit.status === 'notEnoughReviews') {
    return {
      user_id: userId,
      parameters: null,
      review_count: reviews,
      item_count: fit.reviewCount,
    };
  }
  const valid = fit.parameters.length === 21 && fit.parameters.every(Number.isFinite);
  return {
    user_id: userId,
    parameters: valid ? [...fit.parameters] : null,
    review_count: reviews,
    item_count: fit.reviewCount,
    log_loss_default: finiteOrNull(fit.defaults.logLoss),
    log_loss_fitted: valid ? finiteOrNull(fit.fitted.logLoss) : null,
    rmse_default: finiteOrNull(fit.defaults.rmseBins),
    rmse_fitted: valid ? finiteOrNull(fit.fitted.rmseBins) : null,
  };
}

/** Fits one learner and stores the outcome (a row even when there was too little to fit). */
export async function fitLearner(
  client: Client,
  learner: { readonly userId: string; readonly timeZone: string },
  options: FitOptions = {},
): Promise<LearnerFitResult> {
  const rows = await reviewRows(client, learner.userId);
  const items = optimiserItems(reviewLogEntries(rows), { timeZone: learner.timeZone });
  const optimiser =
    options.optimiser ??
    fsrsRsOptimiser(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
  const fit = await fitLearnerParameters(items, optimiser);
  const { error } = await client.from('learner_fsrs_parameters').upsert({
    ...storedRow(learner.userId, rows.length, fit),
    fitted_at: new Date().toISOString(),
  });
  if (error) throw new Error(`storing the fit failed: ${error.message}`);
  return { userId: learner.userId, reviews: rows.length, fit };
}

/** One run: the learners fsrs_fit_candidates names, fitted one after another. */
export async function fitLearners(client: Client, options: FitOptions = {}): Promise<FitRunReport> {
  const { data, error } = await client.rpc('fsrs_fit_candidates', {
    _min_reviews: options.minReviews ?? MIN_OPTIMISER_ITEMS,
    _min_new: options.minNewReviews ?? 100,
    _limit: options.limit ?? 50,
  });
  if (error) throw new Error(`listing learners to fit failed: ${error.message}`);
  const learners: LearnerFitResult[] = [];
  const failed: { userId: string; error: string }[] = [];
  for (const candidate of data) {
    if (!candidate.user_id) continue;
    try {
      learners.push(
        await fitLearner(
          client,
          { userId: candidate.user_id, timeZone: candidate.time_zone ?? 'UTC' },
          options,
        ),
      );
    } catch (cause) {
      failed.push({
        userId: candidate.user_id,
        error: cause instanceof Error ? cause.message : String(cause),
      });
    }
  }
  return { learners, failed };
}
