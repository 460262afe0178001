import type { Misspelling } from '@magyarul/core/spelling';

/**
 * What the review editor asks its Hungarian thread: a spelling check of the transcript's lines
 * (with the names none of them may be faulted for), or the morphological readings of words (the
 * proposals of a line's words: dictionary forms and grammar notes, issue 31 point 4).
 */
export type SpellQuestion =
  | { readonly kind: 'spell'; readonly texts: readonly string[]; readonly names: readonly string[] }
  | { readonly kind: 'analyse'; readonly words: readonly string[] };

export type SpellRequest = SpellQuestion & { readonly id: number };

export type SpellReply =
  | { readonly id: number; readonly ok: true; readonly result: Misspelling[][] }
  | { readonly id: number; readonly ok: true; readonly readings: Record<string, string[]> }
  | { readonly id: number; readonly ok: false; readonly message: string };
