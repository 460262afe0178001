import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { tokenEditIssues, type TokenEditIssue } from '@magyarul/core/tokens';
import {
  relinkGlossary,
  textsToPropose,
  tokenPlan,
  tokensByLine,
  tokensEdited,
  wordTimesOf,
} from './line-tokens.ts';
import { analyserFor } from './analyser-port.ts';
import {
  fetchGlossaryLemmas,
  fetchGlossaryMeanings,
  fetchLineTokens,
  saveLineTokens,
  type GlossaryMeanings,
  type TokenRow,
} from './tokens-api.ts';

type StoredLine = { readonly id: string; readonly text_content: string };
type Lexicon = { readonly id: string; readonly lemma: string };

/** A change to one token: the fields the author edits. */
export type TokenPatch = Partial<
  Pick<
    TokenRow,
    | 'lemma'
    | 'grammar_notes'
    | 'vocabulary_id'
    | 'glossary_id'
    | 'meaning_en'
    | 'meaning_de'
    | 'meaning_es'
    | 'is_name'
    | 'confirmed'
  >
>;

/** What the Words editor of the review page edits (DESIGN §12.3, issue 31 point 4). */
export type TokenEditing = {
  /** Each line's tokens as the editor shows them (edited where the author edited them). */
  readonly tokens: ReadonlyMap<string, readonly TokenRow[]>;
  /** The problems of the edited tokens, by line id and position. */
  readonly issues: ReadonlyMap<string, ReadonlyMap<number, readonly TokenEditIssue[]>>;
  readonly glossary: ReadonlyMap<string, GlossaryMeanings>;
  readonly edit: (lineId: string, position: number, patch: TokenPatch) => void;
  readonly confirmAll: (lineId: string) => void;
};

/**
 * The lesson's tokens as read, the author's edits of them, and their save: edited lines are
 * written with save_line_tokens (unchanged rows kept, word times kept); after a transcript
 * change, new and changed lines get proposals that keep the edits of the words that survive.
 */
export function useTokenEdits(onEdit: () => void) {
  const [stored, setStored] = useState<ReadonlyMap<string, TokenRow[]>>(new Map());
  const [edits, setEdits] = useState<ReadonlyMap<string, TokenRow[]>>(new Map());

  // Every glossary entry's form: a changed dictionary form links to its entry (relinkGlossary);
  // a save's proposals take them from the same read.
  const queryClient = useQueryClient();
  const lemmasQuery = {
    queryKey: ['review-glossary-lemmas'],
    queryFn: fetchGlossaryLemmas,
    staleTime: Infinity,
  } as const;
  const lemmasRead = useQuery({ ...lemmasQuery, enabled: stored.size > 0 });
  const lemmas = lemmasRead.data;
  const tokens = useMemo(() => new Map([...stored, ...edits]), [stored, edits]);
  const glossaryIds = useMemo(
    () =>
      [...new Set([...tokens.values()].flat().map((t) => t.glossary_id))]
        .filter((id): id is string => id !== null)
        .sort(),
    [tokens],
  );
  const glossaryRead = useQuery({
    queryKey: ['review-glossary', glossaryIds],
    queryFn: () => fetchGlossaryMeanings(glossaryIds),
    enabled: glossaryIds.length > 0,
    staleTime: Infinity,
    // A relinked word asks again: the other words' meanings stay shown meanwhile.
    placeholderData: keepPreviousData,
  });
  const glossary = useMemo(
    () => new Map((glossaryRead.data ?? []).map((g) => [g.id, g])),
    [glossaryRead.data],
  );

  const issues = useMemo(() => {
    const byLine = new Map<string, Map<number, TokenEditIssue[]>>();
    for (const [lineId, list] of edits) {
      for (const token of list) {
        const found = tokenEditIssues(token);
        if (found.length === 0) continue;
        const line = byLine.get(lineId) ?? new Map<number, TokenEditIssue[]>();
        line.set(token.position, found);
        byLine.set(lineId, line);
      }
    }
    return byLine;
  }, [edits]);
  const wordTimes = useMemo(
    () => new Map([...stored].map(([id, list]) => [id, wordTimesOf(list)])),
    [stored],
  );

  const change = (lineId: string, update: (list: TokenRow[]) => TokenRow[]) => {
    setEdits((current) => {
      const list = current.get(lineId) ?? stored.get(lineId) ?? [];
      const next = new Map(current).set(lineId, update(list));
      return lemmas ? relinkGlossary(stored, next, lemmas) : next;
    });
    onEdit();
  };
  const editing: TokenEditing = {
    tokens,
    issues,
    glossary,
    edit: (lineId, position, patch) =>
      change(lineId, (list) => list.map((t) => (t.position === position ? { ...t, ...patch } : t))),
    confirmAll: (lineId) => change(lineId, (list) => list.map((t) => ({ ...t, confirmed: true }))),
  };

  /** Takes the tokens as read; the author's edits start afresh. */
  const load = (rows: readonly TokenRow[]) => {
    setStored(tokensByLine(rows));
    setEdits(new Map());
  };

  /**
   * Writes the tokens after the lines are saved (`before` as read, `after` as stored now);
   * returns the 1-based numbers of the lines whose word times a text change dropped.
   */
  const write = async (
    lessonId: string,
    before: readonly StoredLine[],
    after: readonly StoredLine[],
    vocabulary: readonly Lexicon[],
    transcriptChanged: boolean,
  ): Promise<number[]> => {
    const anyEdit = [...edits].some(([id, list]) => tokensEdited(stored.get(id), list));
    if (!transcriptChanged && !anyEdit) return [];
    const [glossaryLemmas, morphology] = await Promise.all([
      queryClient.fetchQuery(lemmasQuery),
      transcriptChanged
        ? analyserFor(textsToPropose(before, stored, after, transcriptChanged))
        : undefined,
    ]);
    const plan = tokenPlan(
      before,
      stored,
      relinkGlossary(stored, edits, glossaryLemmas),
      after,
      { vocabulary, glossary: glossaryLemmas, morphology },
      transcriptChanged,
    );
    await saveLineTokens(lessonId, plan.saves);
    load(await fetchLineTokens(after.map((row) => row.id)));
    return plan.droppedTimes;
  };

  return { editing, wordTimes, load, write, hasIssues: issues.size > 0 };
}
