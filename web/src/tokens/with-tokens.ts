import type { WordToken } from './word-token.ts';

/** Each line with its own tokens (by line id, in word order); lines without any are unchanged. */
export function withTokens<L extends { readonly id?: string }>(
  lines: readonly L[],
  tokens: readonly WordToken[] | undefined,
): (L & { tokens?: readonly WordToken[] })[] {
  if (!tokens || tokens.length === 0) return [...lines];
  const byLine = new Map<string, WordToken[]>();
  for (const token of tokens) {
    const list = byLine.get(token.line_id);
    if (list) list.push(token);
    else byLine.set(token.line_id, [token]);
  }
  for (const list of byLine.values()) list.sort((a, b) => a.position - b.position);
  return lines.map((line) => {
    const own = line.id ? byLine.get(line.id) : undefined;
    return own ? { ...line, tokens: own } : line;
  });
}
