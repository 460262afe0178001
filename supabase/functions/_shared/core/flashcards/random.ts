// Generated from core/src/flashcards/random.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
/** A source of uniform numbers in [0, 1), like Math.random. Injected so tests are repeatable. */
export type Random = () => number;

/**
 * mulberry32: a tiny seeded PRNG with a 32-bit state. Good enough for shuffling cards; not for
 * anything security-related.
 */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from a text (FNV-1a), e.g. to seed per card or per session id. */
export function seedFromText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A shuffled copy (Fisher–Yates); the input is not changed. */
export function shuffle<T>(items: readonly T[], random: Random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const a = result[i] as T;
    result[i] = result[j] as T;
    result[j] = a;
  }
  return result;
}
