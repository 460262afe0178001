// How far aligned times are from known ones: the figures the aligner is judged by.
import type { AlignedLine } from '@magyarul/core/align';

export type TruthTimes = {
  readonly start: number;
  readonly end: number;
  readonly words?: readonly { readonly start: number; readonly end: number }[];
};

export type Errors = { readonly lines: number[]; readonly words: number[] };

/** Absolute errors in seconds of every line boundary and (where known) every word boundary. */
export function boundaryErrors(
  aligned: readonly AlignedLine[],
  truth: readonly TruthTimes[],
): Errors {
  const lines: number[] = [];
  const words: number[] = [];
  truth.forEach((line, i) => {
    const got = aligned[i];
    if (!got) throw new Error(`line ${i + 1} was not aligned`);
    lines.push(Math.abs(got.startTime - line.start), Math.abs(got.endTime - line.end));
    line.words?.forEach((word, w) => {
      const token = got.tokens[w];
      if (!token) throw new Error(`line ${i + 1} word ${w + 1} was not aligned`);
      words.push(Math.abs(token.startTime - word.start), Math.abs(token.endTime - word.end));
    });
  });
  return { lines, words };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** 'median 42 ms, p95 120 ms (n=56)'. */
export function describe(values: readonly number[]): string {
  const ms = (s: number) => `${Math.round(s * 1000)} ms`;
  return `median ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))} (n=${values.length})`;
}
