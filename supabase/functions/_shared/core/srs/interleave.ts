// Generated from core/src/srs/interleave.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
export const NEW_WORDS_PER_SESSION = 12;
export const REVIEW_WORDS_PER_SESSION = 8;

export type InterleavedWord<N, R> =
  { readonly kind: 'new'; readonly word: N } | { readonly kind: 'review'; readonly word: R };

export type InterleaveOptions = { readonly newCount?: number; readonly reviewCount?: number };

/**
 * The `get-interleaved-words` session: 12 new words of the current lesson and 8 due review words,
 * spread evenly through each other. When one side is short the other fills the gap, so the
 * session keeps its 20 words while there are words to show.
 */
export function interleaveWords<N, R>(
  newWords: readonly N[],
  reviewWords: readonly R[],
  options: InterleaveOptions = {},
): InterleavedWord<N, R>[] {
  const { newCount = NEW_WORDS_PER_SESSION, reviewCount = REVIEW_WORDS_PER_SESSION } = options;
  const takeNew = Math.min(
    newWords.length,
    newCount + Math.max(0, reviewCount - reviewWords.length),
  );
  const takeReview = Math.min(
    reviewWords.length,
    reviewCount + Math.max(0, newCount - newWords.length),
  );
  const result: InterleavedWord<N, R>[] = [];
  let n = 0;
  let r = 0;
  while (n < takeNew || r < takeReview) {
    // Each item has an ideal position (i + 0.5) / count; the earlier ideal goes next.
    const nextNew = n < takeNew ? (n + 0.5) / takeNew : Number.POSITIVE_INFINITY;
    const nextReview = r < takeReview ? (r + 0.5) / takeReview : Number.POSITIVE_INFINITY;
    if (nextNew <= nextReview) result.push({ kind: 'new', word: newWords[n++] as N });
    else result.push({ kind: 'review', word: reviewWords[r++] as R });
  }
  return result;
}
