// Generated from core/src/srs/retention.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
/**
 * The desired retention a learner may choose (profiles.desired_retention): the probability of
 * recalling an item when it falls due, FSRS's `request_retention`. Above 0.95 the workload grows
 * steeply; below 0.80 too much is forgotten between reviews.
 */
export const DESIRED_RETENTION = { min: 0.8, max: 0.95, default: 0.9 } as const;

export function isDesiredRetention(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= DESIRED_RETENTION.min &&
    value <= DESIRED_RETENTION.max
  );
}
