import type { Misspelling } from '@magyarul/core/spelling';

/** A check: the texts of the transcript's lines, and the names none of them may be faulted for. */
export type SpellRequest = {
  readonly id: number;
  readonly texts: readonly string[];
  readonly names: readonly string[];
};

export type SpellReply =
  | { readonly id: number; readonly ok: true; readonly result: Misspelling[][] }
  | { readonly id: number; readonly ok: false; readonly message: string };
