// The FSRS optimiser core's per-learner fit runs on: fsrs-rs, the reference optimiser of the
// open-spaced-repetition project, through its napi-rs binding from npm (a prebuilt native module
// per platform, here linux-x64-gnu). core declares the port (FsrsOptimiser) and never imports
// this; the embedded server, scripts and tests pass it in.
//
// Where it can run: Node (this server, tests, scripts). Not in a Supabase edge function: the
// hosted Edge Runtime (Deno) loads no native Node-API modules, and the package's WASI build
// needs worker threads and a WASI host its README says edge runtimes lack.
import {
  FSRSBindingItem,
  FSRSBindingReview,
  computeParameters,
} from '@open-spaced-repetition/binding';
import type { FsrsOptimiser, OptimiserItem } from '@magyarul/core/srs';

export type OptimiserOptions = {
  /** Stop training after this many ms and return what was reached (the binding's timeout). */
  readonly timeoutMs?: number;
};

function bindingItem(item: OptimiserItem): FSRSBindingItem {
  return new FSRSBindingItem(item.reviews.map((r) => new FSRSBindingReview(r.rating, r.deltaT)));
}

/**
 * fsrs-rs's `computeParameters` as core's port: FSRS-6 weights (21 numbers) with the short-term
 * parameters trained too, since learners repeat a missed word within the same session. With
 * fewer than 8 usable items fsrs-rs returns its defaults.
 */
export function fsrsRsOptimiser(options: OptimiserOptions = {}): FsrsOptimiser {
  return async (items) =>
    computeParameters(items.map(bindingItem), {
      enableShortTerm: true,
      numRelearningSteps: 1,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    });
}
