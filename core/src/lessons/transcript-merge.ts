import type { LineTranslationColumns, TranslationLanguage } from './translations.ts';
import { LINE_TRANSLATION_COLUMN, TRANSLATION_LANGUAGES } from './translations.ts';

/**
 * A transcript line as an editor holds it: the database id (null until saved) and every field
 * the editors change. `key` is stable for the life of the editor (React keys, focus).
 */
export type EditorLine = LineTranslationColumns & {
  readonly key: string;
  readonly id: string | null;
  readonly speaker: string;
  readonly text_content: string;
  readonly start_time: number | null;
  readonly end_time: number | null;
};

/**
 * A line arriving from the text view or a file: speaker and text, and the translations the
 * source has (a missing key means "the source says nothing": the line keeps its own).
 */
export type IncomingLine = {
  readonly speaker: string;
  readonly text_content: string;
} & Partial<Record<(typeof LINE_TRANSLATION_COLUMN)[TranslationLanguage], string | null>>;

/** Pairs shorter than this similarity are a new line, not an edit of an old one. */
export const EDIT_SIMILARITY_THRESHOLD = 0.5;

function comparable(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ');
}

function bigrams(text: string): Map<string, number> {
  const s = comparable(text).toLowerCase();
  const grams = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

/** Dice coefficient of character bigrams: 1 for equal texts, 0 for nothing in common. */
export function textSimilarity(a: string, b: string): number {
  const ca = comparable(a).toLowerCase();
  const cb = comparable(b).toLowerCase();
  if (ca === cb) return 1;
  if (ca.length < 2 || cb.length < 2) return 0;
  const ga = bigrams(ca);
  const gb = bigrams(cb);
  let shared = 0;
  for (const [g, n] of ga) shared += Math.min(n, gb.get(g) ?? 0);
  return (2 * shared) / (ca.length - 1 + (cb.length - 1));
}

type Pair = readonly [oldIndex: number | null, newIndex: number | null];

// Longest common subsequence of equal texts: the lines nobody touched, in order.
function unchangedAnchors(oldTexts: readonly string[], newTexts: readonly string[]): Pair[] {
  const m = oldTexts.length;
  const n = newTexts.length;
  const table: Uint32Array[] = Array.from({ length: m + 1 }, () => new Uint32Array(n + 1));
  for (let i = m - 1; i >= 0; i--) {
    const row = table[i] as Uint32Array;
    const below = table[i + 1] as Uint32Array;
    for (let j = n - 1; j >= 0; j--) {
      row[j] =
        oldTexts[i] === newTexts[j]
          ? (below[j + 1] ?? 0) + 1
          : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const pairs: Pair[] = [];
  let i = 0;
  let j = 0;
  while (i < m && j < n) {
    if (oldTexts[i] === newTexts[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if ((table[i + 1]?.[j] ?? 0) >= (table[i]?.[j + 1] ?? 0)) i++;
    else j++;
  }
  return pairs;
}

// Within a run of changed lines: equal counts pair one to one (each line was edited in place);
// otherwise the most similar order-keeping pairing, so a split or an inserted line takes nobody
// else's times.
function pairGap(oldTexts: readonly string[], newTexts: readonly string[]): Pair[] {
  const m = oldTexts.length;
  const n = newTexts.length;
  if (m === n) return oldTexts.map((_, k) => [k, k] as const);
  const score: Float64Array[] = Array.from({ length: m + 1 }, () => new Float64Array(n + 1));
  const sim = (a: number, b: number) => {
    const s = textSimilarity(oldTexts[a] ?? '', newTexts[b] ?? '');
    return s >= EDIT_SIMILARITY_THRESHOLD ? s : -1;
  };
  for (let i = m - 1; i >= 0; i--) {
    for (let j = n - 1; j >= 0; j--) {
      const s = sim(i, j);
      const take = s < 0 ? -1 : s + (score[i + 1]?.[j + 1] ?? 0);
      (score[i] as Float64Array)[j] = Math.max(
        take,
        score[i + 1]?.[j] ?? 0,
        score[i]?.[j + 1] ?? 0,
      );
    }
  }
  const pairs: Pair[] = [];
  let i = 0;
  let j = 0;
  while (i < m && j < n) {
    const s = sim(i, j);
    const here = score[i]?.[j] ?? 0;
    if (s >= 0 && here === s + (score[i + 1]?.[j + 1] ?? 0)) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (here === (score[i + 1]?.[j] ?? 0)) i++;
    else j++;
  }
  return pairs;
}

/**
 * For each incoming line, the index of the old line it continues, or null for a new line.
 * Unchanged texts anchor the alignment; the runs between anchors pair up as `pairGap` says;
 * a line moved elsewhere unchanged is found by its text.
 */
export function alignLines(
  oldTexts: readonly string[],
  newTexts: readonly string[],
): (number | null)[] {
  const result: (number | null)[] = newTexts.map(() => null);
  const o = oldTexts.map(comparable);
  const n = newTexts.map(comparable);
  const anchors = [...unchangedAnchors(o, n), [o.length, n.length] as const];
  let oi = 0;
  let ni = 0;
  for (const [ao, an] of anchors) {
    const oldEnd = ao ?? o.length;
    const newEnd = an ?? n.length;
    for (const [po, pn] of pairGap(o.slice(oi, oldEnd), n.slice(ni, newEnd))) {
      if (po !== null && pn !== null) result[ni + pn] = oi + po;
    }
    if (ao !== null && an !== null && ao < o.length && an < n.length) result[an] = ao;
    oi = oldEnd + 1;
    ni = newEnd + 1;
  }
  // A moved line: its text left one place and arrived at another, unchanged.
  const used = new Set(result.filter((r): r is number => r !== null));
  result.forEach((source, index) => {
    if (source !== null) return;
    const moved = o.findIndex((text, k) => !used.has(k) && text === n[index]);
    if (moved >= 0) {
      result[index] = moved;
      used.add(moved);
    }
  });
  return result;
}

/**
 * The lines after a text-view edit or a file load, merged line by line into `base`: a line
 * whose text is unchanged, or that is an edit of an old line, keeps that line's id, times and
 * translations (translations the source carries replace the old ones); a line that continues
 * no old line is new, with no time (the spec's 5-second default is given to it alone, when it
 * is saved: see transcriptSavePlan). Old lines no new line continues are gone.
 */
export function mergeIncomingLines(
  base: readonly EditorLine[],
  incoming: readonly IncomingLine[],
  newKey: () => string,
): EditorLine[] {
  const sources = alignLines(
    base.map((l) => l.text_content),
    incoming.map((l) => l.text_content),
  );
  return incoming.map((line, index) => {
    const sourceIndex = sources[index];
    const old = sourceIndex === null || sourceIndex === undefined ? undefined : base[sourceIndex];
    const translations = {} as Record<
      (typeof LINE_TRANSLATION_COLUMN)[TranslationLanguage],
      string | null
    >;
    for (const language of TRANSLATION_LANGUAGES) {
      const column = LINE_TRANSLATION_COLUMN[language];
      const given = line[column];
      translations[column] = given !== undefined ? given : (old?.[column] ?? null);
    }
    return {
      key: old?.key ?? newKey(),
      id: old?.id ?? null,
      start_time: old?.start_time ?? null,
      end_time: old?.end_time ?? null,
      ...translations,
      // An unchanged text keeps its stored spelling exactly (a save writes back what it read).
      speaker: line.speaker,
      text_content:
        old && comparable(old.text_content) === comparable(line.text_content)
          ? old.text_content
          : line.text_content,
    };
  });
}
