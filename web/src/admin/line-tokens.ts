import type { LexiconEntry, MorphologyPort } from '@magyarul/core/tokens';
import {
  carryTokenFields,
  glossaryLinkOf,
  normaliseTokenFields,
  proposalRow,
  proposeTokens,
  sameTokenFields,
} from '@magyarul/core/tokens';
import type { LineTokensSave, TokenRow } from './tokens-api.ts';

// What a transcript save does to the lines' tokens (DESIGN §12.3; issue 28 point 6). A line whose
// text stays keeps its tokens and word times untouched (the save does not send them). A line
// whose text changed loses them (the database drops them with the new text) and gets proposed
// tokens for its new text, unconfirmed, without times; so does a new line. The editor says which
// lines lost their word times. An author's edits of a line's tokens (the Words editor) are
// saved as that line's tokens, times kept; when the line's text changed too, the new proposals
// take the edits of the words that survive the change (core's carryTokenFields).

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

/** Has the author changed any of these tokens from the stored ones? */
export function tokensEdited(
  stored: readonly TokenRow[] | undefined,
  edited: readonly TokenRow[] | undefined,
): boolean {
  if (!edited) return false;
  if (!stored || stored.length !== edited.length) return true;
  return edited.some((t, i) => !sameTokenFields(t, stored[i] as TokenRow));
}

/** A token as save_line_tokens takes it: every column but the row's own, edits normalised. */
function saveRow(token: TokenRow): LineTokensSave['tokens'][number] {
  const { id: _id, line_id: _line, created_at: _c, updated_at: _u, ...columns } = token;
  return normaliseTokenFields(columns);
}

export type TokenPlan = {
  /** Proposed tokens for lines with a new or changed text; edited tokens of the others. */
  readonly saves: LineTokensSave[];
  /** 1-based numbers of the lines whose word times the text change dropped. */
  readonly droppedTimes: number[];
};

/**
 * The edited tokens with their glossary links following their dictionary forms: a word whose form
 * the author changed links to the glossary entry of the new form, or to none (core's
 * glossaryLinkOf); back at the form it was read with, it has its link as read.
 */
export function relinkGlossary(
  stored: ReadonlyMap<string, readonly TokenRow[]>,
  edits: ReadonlyMap<string, readonly TokenRow[]>,
  glossary: readonly LexiconEntry[],
): Map<string, TokenRow[]> {
  return new Map(
    [...edits].map(([lineId, list]) => {
      const read = stored.get(lineId) ?? [];
      return [
        lineId,
        list.map((token) => {
          const was = read.find((t) => t.position === token.position && t.text === token.text);
          if (!was) return token;
          const glossary_id = glossaryLinkOf(token.lemma, was, glossary);
          return glossary_id === token.glossary_id ? token : { ...token, glossary_id };
        }),
      ];
    }),
  );
}

/** Does the save propose this line's tokens (a new or changed text, or none yet)? */
function proposes(
  was: string | undefined,
  line: StoredLine,
  read: readonly TokenRow[],
  proposeUntokened: boolean,
): boolean {
  if (was === line.text_content) return read.length === 0 && proposeUntokened;
  return true;
}

/**
 * The texts of the lines whose tokens a save (tokenPlan, same arguments) proposes: what the
 * analyser is asked about before it.
 */
export function textsToPropose(
  before: readonly StoredLine[],
  stored: ReadonlyMap<string, readonly TokenRow[]>,
  after: readonly StoredLine[],
  proposeUntokened = true,
): string[] {
  const readText = new Map(before.map((line) => [line.id, line.text_content]));
  return after
    .filter((line) =>
      proposes(readText.get(line.id), line, stored.get(line.id) ?? [], proposeUntokened),
    )
    .map((line) => line.text_content);
}

/**
 * The token writes of a save: `before` is what was read (lines), `stored` their tokens as read,
 * `edits` the tokens the author changed (by line), `after` the lines as now stored, in order.
 * Proposals link to the lesson's words and the glossary, with dictionary forms and grammar notes
 * from the analyser's readings when given; lines without tokens whose text did not change get
 * them only when `proposeUntokened` (a transcript save, as before).
 */
export function tokenPlan(
  before: readonly StoredLine[],
  stored: ReadonlyMap<string, readonly TokenRow[]>,
  edits: ReadonlyMap<string, readonly TokenRow[]>,
  after: readonly StoredLine[],
  lexicon: {
    vocabulary: readonly LexiconEntry[];
    glossary: readonly LexiconEntry[];
    morphology?: MorphologyPort;
  },
  proposeUntokened = true,
): TokenPlan {
  const readText = new Map(before.map((line) => [line.id, line.text_content]));
  const saves: LineTokensSave[] = [];
  const droppedTimes: number[] = [];
  after.forEach((line, index) => {
    const was = readText.get(line.id);
    const read = stored.get(line.id) ?? [];
    const edited = edits.get(line.id);
    if (was === line.text_content && read.length > 0) {
      if (edited && tokensEdited(read, edited)) {
        saves.push({
          line_id: line.id,
          text_content: line.text_content,
          tokens: edited.map(saveRow),
        });
      }
      return;
    }
    if (!proposes(was, line, read, proposeUntokened)) return;
    const changed = was !== undefined && was !== line.text_content;
    if (changed && wordTimesOf(read).length > 0) droppedTimes.push(index + 1);
    const proposed = proposeTokens(line.text_content, lexicon).map(proposalRow);
    const tokens = changed ? carryTokenFields(edited ?? read, proposed) : proposed;
    saves.push({
      line_id: line.id,
      text_content: line.text_content,
      tokens: tokens.map((t) => normaliseTokenFields(t)),
    });
  });
  return { saves, droppedTimes };
}
