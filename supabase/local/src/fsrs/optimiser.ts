// The FSRS optimiser core's per-learner fit runs on: fsrs-rs, the reference optimiser of the
// open-spaced-repetition project, through its napi-rs binding from npm (a prebuilt native module
// per platform, here linux-x64-gnu). core declares the port (FsrsOptimiser) and never imports
// this; the embedded server, scripts and tests pass it in.
//
// Where it can run: Node 22 (this server, tests, scripts). The Deno 2.1 CLI loads it too, but
// only with --allow-ffi (a Node-API module is native code). A hosted Supabase edge function is
// the wrong place: its runtime grants no FFI permission to load native code, its limits allow
// 2 s of CPU per request (a fit of a few thousand reviews takes 0.5–2.5 s) and it has no Web
// Workers, which the package's WASI build needs (its README: edge runtimes are not supported).
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
