import type { LexiconEntry } from '@magyarul/core/tokens';
import { proposalRow, proposeTokens } from '@magyarul/core/tokens';
import type { LineTokensSave, TokenRow } from './tokens-api.ts';

// What a transcript save does to the lines' tokens (DESIGN §12.3; issue 28 point 6). A line whose
// text stays keeps its tokens and word times untouched (the save does not send them). A line
// whose text changed loses them (the database drops them with the new text) and gets proposed
// tokens for its new text, unconfirmed, without times; so does a new line. The editor says which
// lines lost their word times.

type StoredLine = { readonly id: string; readonly text_content: string };

/** One word's times as the editor shows them; null members where a version has none. */
export type WordTime = {
  readonly text: string;
  readonly start: number | null;
  readonly end: number | null;
};

/** The tokens of each line, by line id, in word order. */
export function tokensByLine(rows: readonly TokenRow[]): Map<string, TokenRow[]> {
  const byLine = new Map<string, TokenRow[]>();
  for (const row of rows) {
    const list = byLine.get(row.line_id) ?? [];
    list.push(row);
    byLine.set(row.line_id, list);
  }
  for (const list of byLine.values()) list.sort((a, b) => a.position - b.position);
  return byLine;
}

/** The word times of a line in the normal version; empty when it has none. */
export function wordTimesOf(tokens: readonly TokenRow[] | undefined): WordTime[] {
  if (!tokens?.some((t) => t.start_time !== null)) return [];
  return tokens.map((t) => ({ text: t.text, start: t.start_time, end: t.end_time }));
}

export type TokenPlan = {
  /** Proposed tokens for lines with a new or changed text. */
  readonly saves: LineTokensSave[];
  /** 1-based numbers of the lines whose word times the text change dropped. */
  readonly droppedTimes: number[];
};

/**
 * The token writes after a transcript save: `before` is what was read (lines and their tokens),
 * `after` the lines as now stored, in order. Proposals link to the lesson's words and the
 * glossary.
 */
export function tokenPlan(
  before: readonly StoredLine[],
  tokens: ReadonlyMap<string, readonly TokenRow[]>,
  after: readonly StoredLine[],
  vocabulary: readonly LexiconEntry[],
  glossary: readonly LexiconEntry[],
): TokenPlan {
  const readText = new Map(before.map((line) => [line.id, line.text_content]));
  const saves: LineTokensSave[] = [];
  const droppedTimes: number[] = [];
  after.forEach((line, index) => {
    const was = readText.get(line.id);
    if (was === line.text_content && (tokens.get(line.id)?.length ?? 0) > 0) return;
    if (
      was !== undefined &&
      was !== line.text_content &&
      wordTimesOf(tokens.get(line.id)).length > 0
    ) {
      droppedTimes.push(index + 1);
    }
    const proposed = proposeTokens(line.text_content, { vocabulary, glossary });
    saves.push({
      line_id: line.id,
      text_content: line.text_content,
      tokens: proposed.map(proposalRow),
    });
  });
  return { saves, droppedTimes };
}
