import type { Database } from '../../../../../supabase/types/database.ts';
import type { Choice, LineToken, ServerChange, TokenEdit } from '../../../shared/model.ts';
import { studioMessage } from '../../../shared/messages.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import { hashJson } from './remote-ids.ts';
import type { ChoiceOf } from './row-merge.ts';

// The author's word edits between the studio and the server (issue 31 point 4; DESIGN §12.3):
// which draft line is which server line, what the server's words of a line are as a hash of
// their author fields (recorded after each publish), and the lines whose words both the web and
// the studio changed since the studio's last publish: a change shown before anything is sent,
// like the other server-state conflicts, with the author's choice of side.

export type ServerToken = Database['public']['Tables']['transcript_tokens']['Row'];
type ServerLine = {
  readonly id: string;
  readonly line_number: number;
  readonly text_content: string;
};

const nfc = (text: string) => text.normalize('NFC');

/** The server line each draft line is (same NFC text, in order: two equal lines pair in turn). */
export function pairLines(
  store: DraftsStore,
  lessonId: number,
  serverLines: readonly ServerLine[],
): Map<string, number> {
  const byText = new Map<string, number[]>();
  for (const line of store.lines.listForLesson(lessonId)) {
    const list = byText.get(nfc(line.text)) ?? [];
    list.push(line.id);
    byText.set(nfc(line.text), list);
  }
  const pairs = new Map<string, number>();
  for (const line of serverLines) {
    const draftId = byText.get(nfc(line.text_content))?.shift();
    if (draftId !== undefined) pairs.set(line.id, draftId);
  }
  return pairs;
}

/** A server line's words as far as authors edit them (not their times). */
export function authorHash(tokens: readonly ServerToken[]): string {
  return hashJson(
    [...tokens]
      .sort((a, b) => a.position - b.position)
      .map((t) => [
        t.position,
        t.text,
        t.lemma,
        t.grammar_notes,
        t.vocabulary_id,
        t.glossary_id,
        t.meaning_en,
        t.meaning_de,
        t.meaning_es,
        t.is_name,
        t.lesson_note_id,
        t.confirmed,
      ]),
  );
}

/** The words the studio changed since its last publish (edits not sent yet). */
export const pendingEdits = (tokens: readonly LineToken[]) =>
  tokens.filter(
    (t): t is LineToken & { edit: TokenEdit } => t.edit !== undefined && t.editPending === true,
  );

const summary = (words: readonly { text: string; lemma: string; meaning: string | null }[]) =>
  words.map((w) => `${w.text} → ${w.lemma}${w.meaning ? ` (${w.meaning})` : ''}`).join(' · ');

export type TokenConflicts = {
  readonly changes: readonly ServerChange[];
  readonly unresolved: number;
  /** The author's side for each server line in conflict that has a choice. */
  readonly choices: ReadonlyMap<string, Choice>;
};

/**
 * The lines whose words the studio edited (pending) while the server's changed since the
 * studio's last publish (its recorded hash differs; with no record, the server has confirmed
 * words, which an author set on the web).
 */
export function tokenConflicts(
  store: DraftsStore,
  lessonId: number,
  serverLines: readonly ServerLine[],
  serverTokens: readonly ServerToken[],
  choiceOf: ChoiceOf,
): TokenConflicts {
  const pairs = pairLines(store, lessonId, serverLines);
  const drafts = new Map(store.tokens.listForLesson(lessonId).map((l) => [l.lineId, l.tokens]));
  const changes: ServerChange[] = [];
  const choices = new Map<string, Choice>();
  let unresolved = 0;
  for (const line of serverLines) {
    const draftId = pairs.get(line.id);
    const mine = pendingEdits(draftId === undefined ? [] : (drafts.get(draftId) ?? []));
    if (mine.length === 0) continue;
    const theirs = serverTokens.filter((t) => t.line_id === line.id);
    const now = authorHash(theirs);
    const recorded = store.tokens.publishedHash(lessonId, line.id);
    const webChanged = recorded === null ? theirs.some((t) => t.confirmed) : recorded !== now;
    if (!webChanged) continue;
    const key = `words:${line.id}`;
    const edited = new Set(mine.map((t) => t.position));
    changes.push({
      key,
      kind: 'line',
      label: studioMessage('change-row-line', { n: line.line_number }),
      change: 'changed',
      stamp: now,
      fields: [
        {
          field: 'words',
          server: summary(
            theirs
              .filter((t) => edited.has(t.position))
              .sort((a, b) => a.position - b.position)
              .map((t) => ({ text: t.text, lemma: t.lemma, meaning: t.meaning_en })),
          ),
          mine: summary(
            mine.map((t) => ({ text: t.text, lemma: t.edit.lemma, meaning: t.edit.meaningEn })),
          ),
          mineChanged: true,
        },
      ],
      server: null,
      mine: null,
      mineChanged: true,
    });
    const choice = choiceOf(key, 'words', now);
    if (choice === null) unresolved += 1;
    else choices.set(line.id, choice);
  }
  return { changes, unresolved, choices };
}
