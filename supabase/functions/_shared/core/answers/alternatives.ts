// Generated from core/src/answers/alternatives.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
// Which typed answers a vocabulary field accepts. Authors write several headwords in one field
// (`szia, helló`, `megy / jön`), grammar hints in parentheses (`kér (vmit)`), optional letters
// the same way (`(el)megy`), and nouns with their article (`a kávé`). All of it comes from the
// data: nothing here knows any particular word.
import { answerKey, tidyAnswer } from './normalise.ts';

/** One headword of a field: its text as written, and every form that counts as it. */
export type AcceptedAnswer = { readonly text: string; readonly forms: readonly string[] };

const ARTICLES = new Set(['a', 'az', 'egy']);
/** At most this many parenthesised groups are expanded (2^n forms); the rest stay as written. */
const MAX_OPTIONAL_GROUPS = 4;

/** Splits on `/`, `,` and `;` outside parentheses. */
function headwords(field: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of field) {
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === '/' || char === ',' || char === ';')) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/** Every way of keeping or dropping each top-level parenthesised group. */
function optionalForms(headword: string): string[] {
  const pieces = headword.split(/(\([^()]*\))/u);
  let forms = [''];
  let groups = 0;
  for (const piece of pieces) {
    if (piece.startsWith('(') && piece.endsWith(')') && groups < MAX_OPTIONAL_GROUPS) {
      groups++;
      const inner = piece.slice(1, -1);
      forms = forms.flatMap((form) => [form, form + inner]);
    } else forms = forms.map((form) => form + piece);
  }
  return forms.map(tidyAnswer).filter((form) => form !== '');
}

/** `a kávé` → `kávé`; a lone `a` (the article as a word of its own) stays. */
export function withoutArticle(text: string): string | null {
  const space = text.indexOf(' ');
  if (space < 0) return null;
  return ARTICLES.has(text.slice(0, space).toLowerCase()) ? text.slice(space + 1) : null;
}

/**
 * The headwords of a vocabulary field with the forms each accepts: as written, with and without
 * each parenthesised part, with and without a leading article. Blank headwords are dropped;
 * forms with the same key are listed once.
 */
export function acceptedAnswers(field: string): AcceptedAnswer[] {
  const result: AcceptedAnswer[] = [];
  const seen = new Set<string>();
  for (const raw of headwords(field.normalize('NFC'))) {
    const text = raw.trim().replace(/\s+/gu, ' ');
    if (text === '') continue;
    const forms: string[] = [];
    for (const form of optionalForms(raw)) {
      const bare = withoutArticle(form);
      for (const candidate of bare === null ? [form] : [form, bare]) {
        const key = answerKey(candidate);
        if (key === '' || seen.has(key)) continue;
        seen.add(key);
        forms.push(candidate);
      }
    }
    if (forms.length > 0) result.push({ text, forms });
  }
  return result;
}

/** The keys a typed answer is looked up by: as typed, and without a leading article. */
export function typedKeys(typed: string): string[] {
  const key = answerKey(typed);
  const bare = withoutArticle(key);
  return bare === null ? [key] : [key, bare];
}
