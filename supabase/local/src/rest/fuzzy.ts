// The fuzzy match behind PostgREST's "Perhaps you meant …" hints: its Haskell `fuzzyset`
// package (a port of fuzzyset.js) with its defaults: n-grams of 3 then 2 letters, cosine
// similarity of their counts, the best candidates re-scored by Levenshtein distance. Written
// here because the npm fuzzyset package is not under a free licence; 40 lines.

function normalised(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9\u00c0-\u00ff, ]+/g, '');
}

function grams(value: string, size: number): Map<string, number> {
  const normal = `-${normalised(value)}-`;
  const padded = normal.length < size ? normal + '-'.repeat(size - normal.length) : normal;
  const counts = new Map<string, number>();
  for (let i = 0; i <= padded.length - size; i++) {
    const gram = padded.slice(i, i + size);
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function norm(counts: Map<string, number>): number {
  let sum = 0;
  for (const c of counts.values()) sum += c * c;
  return Math.sqrt(sum);
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(
        Math.min((row[j - 1] ?? 0) + 1, (previous[j] ?? 0) + 1, (previous[j - 1] ?? 0) + cost),
      );
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** The candidate closest to `query`, when its score reaches `minScore` (fuzzyset's getOne). */
export function closest(
  candidates: readonly string[],
  query: string,
  minScore: number,
): string | null {
  for (const size of [3, 2]) {
    const wanted = grams(query, size);
    const scored = candidates
      .map((candidate) => {
        const theirs = grams(candidate, size);
        let dot = 0;
        for (const [gram, count] of wanted) dot += count * (theirs.get(gram) ?? 0);
        return { candidate, score: dot / (norm(wanted) * norm(theirs) || 1) };
      })
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, 50)
      .map(({ candidate }) => {
        const a = normalised(candidate);
        const b = normalised(query);
        return { candidate, score: 1 - levenshtein(a, b) / Math.max(a.length, b.length, 1) };
      })
      .sort((a, b) => b.score - a.score)
      .filter((r) => r.score >= minScore);
    if (scored.length > 0) return scored[0]?.candidate ?? null;
  }
  return null;
}
