// What an author sets on a token (DESIGN §12.3, issue 31 point 4): its dictionary form, the notes
// of its endings, its meanings (own, or through a link to a lesson word or glossary entry), the
// name flag and the confirmation. The one rule for checking such an edit and for carrying it to
// a line's new tokens when the line's text changes, shared by the web review editor and the
// studio.
import type { GrammarNote } from '../grammar/notes.ts';

/** The fields of a token an author edits (transcript_tokens' columns of the same names). */
export type TokenFields = {
  readonly lemma: string;
  readonly grammar_notes: readonly GrammarNote[];
  readonly vocabulary_id: string | null;
  readonly glossary_id: string | null;
  readonly meaning_en: string | null;
  readonly meaning_de: string | null;
  readonly meaning_es: string | null;
  readonly is_name: boolean;
  readonly lesson_note_id: string | null;
  readonly confirmed: boolean;
};

/** The columns' limits (transcript_tokens' checks). */
export const TOKEN_LIMITS = { lemma: 200, meaning: 500, notes: 8 } as const;

export const MEANING_COLUMNS = ['meaning_en', 'meaning_de', 'meaning_es'] as const;
export type MeaningColumn = (typeof MEANING_COLUMNS)[number];

/** A problem with an edited token, as a catalogue key (tokenEdit.*) and its parameters. */
export type TokenEditIssue = {
  readonly field: 'lemma' | MeaningColumn | 'grammar_notes';
  readonly key: 'tokenEdit.lemmaRequired' | 'tokenEdit.tooLong' | 'tokenEdit.tooManyNotes';
  readonly params?: Readonly<Record<string, string | number>>;
};

const clean = (text: string) => text.normalize('NFC').trim();

/** An edit as stored: NFC, trimmed, an empty meaning is none (the link's), notes once each. */
export function normaliseTokenFields<T extends TokenFields>(fields: T): T {
  const meaning = (value: string | null) => {
    const text = value === null ? '' : clean(value);
    return text === '' ? null : text;
  };
  return {
    ...fields,
    lemma: clean(fields.lemma),
    grammar_notes: [...new Set(fields.grammar_notes)],
    meaning_en: meaning(fields.meaning_en),
    meaning_de: meaning(fields.meaning_de),
    meaning_es: meaning(fields.meaning_es),
  };
}

/** What keeps an edited token from being saved; empty when it may be. */
export function tokenEditIssues(fields: TokenFields): TokenEditIssue[] {
  const issues: TokenEditIssue[] = [];
  const lemma = clean(fields.lemma);
  if (lemma === '') issues.push({ field: 'lemma', key: 'tokenEdit.lemmaRequired' });
  else if (lemma.length > TOKEN_LIMITS.lemma) {
    issues.push({ field: 'lemma', key: 'tokenEdit.tooLong', params: { max: TOKEN_LIMITS.lemma } });
  }
  for (const column of MEANING_COLUMNS) {
    const value = fields[column];
    if (value !== null && clean(value).length > TOKEN_LIMITS.meaning) {
      issues.push({
        field: column,
        key: 'tokenEdit.tooLong',
        params: { max: TOKEN_LIMITS.meaning },
      });
    }
  }
  if (new Set(fields.grammar_notes).size > TOKEN_LIMITS.notes) {
    issues.push({
      field: 'grammar_notes',
      key: 'tokenEdit.tooManyNotes',
      params: { max: TOKEN_LIMITS.notes },
    });
  }
  return issues;
}

/** Only the fields an author edits, for comparing and carrying. */
export function tokenFieldsOf(token: TokenFields): TokenFields {
  return {
    lemma: token.lemma,
    grammar_notes: [...token.grammar_notes],
    vocabulary_id: token.vocabulary_id,
    glossary_id: token.glossary_id,
    meaning_en: token.meaning_en,
    meaning_de: token.meaning_de,
    meaning_es: token.meaning_es,
    is_name: token.is_name,
    lesson_note_id: token.lesson_note_id,
    confirmed: token.confirmed,
  };
}

/** Do two tokens carry the same author's fields? */
export function sameTokenFields(a: TokenFields, b: TokenFields): boolean {
  return JSON.stringify(tokenFieldsOf(a)) === JSON.stringify(tokenFieldsOf(b));
}

/**
 * Which old token each new token of a line continues after the line's text changed: the words
 * before the first changed word keep their position, the words after the last changed word keep
 * their distance from the end (compared as written, NFC); every other new word continues none.
 * No old token is continued twice, so a word inserted, removed or replaced leaves the words
 * around it theirs and only the changed ones are new.
 */
export function survivingTokens<O extends { readonly text: string }>(
  old: readonly O[],
  next: readonly { readonly text: string }[],
): (O | undefined)[] {
  const same = (a: { text: string }, b: { text: string }) =>
    a.text.normalize('NFC') === b.text.normalize('NFC');
  const shorter = Math.min(old.length, next.length);
  let prefix = 0;
  while (prefix < shorter && same(old[prefix] as O, next[prefix] as { text: string })) prefix++;
  let suffix = 0;
  while (
    prefix + suffix < shorter &&
    same(old[old.length - 1 - suffix] as O, next[next.length - 1 - suffix] as { text: string })
  ) {
    suffix++;
  }
  return next.map((_, i) => {
    if (i < prefix) return old[i];
    const fromEnd = next.length - 1 - i;
    return fromEnd < suffix ? old[old.length - 1 - fromEnd] : undefined;
  });
}

/**
 * New tokens for a line's new text with the author's fields of the tokens they continue
 * (survivingTokens); the others as given (proposals). Offsets, positions and times are the new
 * token's: a text change drops word times.
 */
export function carryTokenFields<N extends TokenFields & { readonly text: string }>(
  old: readonly (TokenFields & { readonly text: string })[],
  next: readonly N[],
): N[] {
  const from = survivingTokens(old, next);
  return next.map((token, i) => {
    const was = from[i];
    return was ? { ...token, ...tokenFieldsOf(was) } : token;
  });
}

const lowerForm = (text: string) => text.normalize('NFC').trim().toLocaleLowerCase('hu');

/**
 * The glossary entry a word links to once its dictionary form is `lemma`: its link as it was
 * while the form is the one it had (`was`), else the first entry of the new form (compared in
 * lower case, NFC), else none. A link kept to another form's entry would give the word that
 * form's meanings (the author corrected kávé to kávéház: not "coffee").
 */
export function glossaryLinkOf(
  lemma: string,
  was: { readonly lemma: string; readonly glossary_id: string | null },
  glossary: readonly { readonly id: string; readonly lemma: string }[],
): string | null {
  const form = lowerForm(lemma);
  if (form === lowerForm(was.lemma)) return was.glossary_id;
  return glossary.find((entry) => lowerForm(entry.lemma) === form)?.id ?? null;
}
