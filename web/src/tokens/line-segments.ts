import type { WordToken } from './word-token.ts';

/** A piece of a line as it is rendered: a word (its token) or the text between words. */
export type Segment =
  | { readonly kind: 'word'; readonly token: WordToken; readonly index: number }
  | { readonly kind: 'text'; readonly text: string };

/**
 * The line's NFC text cut at its tokens' offsets: words and the text between them, so spaces and
 * punctuation are rendered as written. A token that does not stand where it says (its text is
 * not the line's text at its offsets, or it overlaps the one before) is left out, its letters
 * rendered as plain text: stale tokens never change what the line says.
 */
export function lineSegments(text: string, tokens: readonly WordToken[] | undefined): Segment[] {
  const line = text.normalize('NFC');
  const segments: Segment[] = [];
  let at = 0;
  const ordered = [...(tokens ?? [])].sort((a, b) => a.char_start - b.char_start);
  for (const token of ordered) {
    if (token.char_start < at || line.slice(token.char_start, token.char_end) !== token.text) {
      continue;
    }
    if (token.char_start > at)
      segments.push({ kind: 'text', text: line.slice(at, token.char_start) });
    segments.push({ kind: 'word', token, index: (tokens ?? []).indexOf(token) });
    at = token.char_end;
  }
  if (at < line.length) segments.push({ kind: 'text', text: line.slice(at) });
  return segments;
}
