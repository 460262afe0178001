import type { ChangeChoice, RowKind, ServerChange } from '../../../shared/model.ts';
import type { DraftsStore } from '../drafts/drafts-store.ts';
import type { LessonRow } from '../drafts/lessons-repo.ts';
import { lessonAudio, publicUrl } from './audio-paths.ts';
import { hashJson } from './remote-ids.ts';
import {
  COLUMNS,
  lessonMine,
  lessonTheirs,
  lineMine,
  lineTheirs,
  wordMine,
  wordTheirs,
} from './row-fields.ts';
import type { ChoiceOf, Merge, Mode, RowSet } from './row-merge.ts';
import { mergeRows } from './row-merge.ts';
import type { ServerSnapshot } from './server-rows.ts';
import type { StudioClient } from './session.ts';
import type { TokenConflicts } from './token-sync.ts';
import { tokenConflicts } from './token-sync.ts';

export type LinkedLesson = LessonRow & { readonly remote_id: string };

/** The published_items entry that says the rows of a kind are recorded in published_rows. */
export const rowsItem = (kind: RowKind) => `rows:${kind}`;

/** What the studio recorded before it kept rows: one hash of each row set as it was sent. */
export const LEGACY_ITEM: Readonly<Record<RowKind, string>> = {
  lesson: 'lesson',
  line: 'transcript',
  word: 'vocabulary',
};

/** The hashes an old record would have if the server still had what the studio sent then. */
function legacyHashes(kind: RowKind, snapshot: ServerSnapshot): string[] {
  const lesson = snapshot.lesson;
  if (kind === 'lesson') {
    if (!lesson) return [];
    // The old record hashed is_published too; whether the web published it since is not a
    // change of the row's content ("As" decides it), so both values match.
    return [false, true].map((isPublished) =>
      hashJson({
        id: lesson.id,
        ...Object.fromEntries(COLUMNS.lesson.map((column) => [column, lesson[column] ?? null])),
        is_published: isPublished,
      }),
    );
  }
  if (kind === 'line') {
    return [
      hashJson(
        snapshot.lines.map((line) => ({
          line_number: line.line_number,
          ...Object.fromEntries(COLUMNS.line.map((column) => [column, line[column] ?? null])),
        })),
      ),
    ];
  }
  return [
    hashJson(
      snapshot.words.map((word) =>
        Object.fromEntries(COLUMNS.word.map((column) => [column, word[column] ?? null])),
      ),
    ),
  ];
}

function modeOf(
  store: DraftsStore,
  lessonId: number,
  kind: RowKind,
  snapshot: ServerSnapshot,
): Mode {
  if (store.published.get(lessonId, rowsItem(kind))) {
    // A lesson the server no longer has: its lines and words go with it, so they are sent anew.
    return snapshot.lesson === null && kind !== 'lesson' ? 'adopt' : 'tracked';
  }
  const legacy = store.published.get(lessonId, LEGACY_ITEM[kind]);
  if (!legacy || snapshot.lesson === null) return 'adopt';
  return legacyHashes(kind, snapshot).includes(legacy.contentHash) ? 'adopt' : 'unknown';
}

export type LessonComparison = {
  readonly snapshot: ServerSnapshot;
  readonly lesson: Merge;
  readonly lines: Merge;
  readonly words: Merge;
  /** Lines whose words both the web and the studio changed since the last publish. */
  readonly tokens: TokenConflicts;
  readonly changes: readonly ServerChange[];
  readonly unresolved: number;
};

/** Server rows the author's choices took into the draft, per kind: server id → draft id. */
export type Taken = {
  readonly line: ReadonlyMap<string, number>;
  readonly word: ReadonlyMap<string, number>;
};

/**
 * Compares the draft with the server's rows (`snapshot`) and the studio's record of its last
 * publish, kind by kind (see mergeRows).
 */
export function compareLesson(
  store: DraftsStore,
  client: StudioClient,
  lesson: LinkedLesson,
  snapshot: ServerSnapshot,
  choiceOf: ChoiceOf,
  taken?: Taken,
): LessonComparison {
  const { pathOf } = lessonAudio(store, lesson);
  const dialoguePath = lesson.dialogue_file ? pathOf.get(lesson.dialogue_file) : undefined;
  const merge = (kind: RowKind, set: Omit<RowSet, 'kind' | 'mode' | 'bases'>) =>
    mergeRows(
      {
        ...set,
        kind,
        mode: modeOf(store, lesson.id, kind, snapshot),
        bases: store.publishedRows.list(lesson.id, kind),
      },
      choiceOf,
    );
  const lessonMerge = merge('lesson', {
    columns: COLUMNS.lesson,
    mine: [lessonMine(lesson, dialoguePath ? publicUrl(client, dialoguePath) : null)],
    theirs: snapshot.lesson ? [lessonTheirs(snapshot.lesson)] : [],
  });
  // A lesson deleted on the server is one change; its lines and words are not compared (until
  // the author chooses to publish it anew: then they are all new to the server).
  const gone = snapshot.lesson === null && lessonMerge.inserts.length === 0;
  const lines = merge('line', {
    columns: COLUMNS.line,
    mine: gone ? [] : store.lines.listForLesson(lesson.id).map(lineMine),
    theirs: snapshot.lines.map(lineTheirs),
    taken: taken?.line,
  });
  const words = merge('word', {
    columns: COLUMNS.word,
    mine: gone
      ? []
      : store.words
          .listForLesson(lesson.id)
          .map((word) =>
            wordMine(word, word.audioFile ? (pathOf.get(word.audioFile) ?? null) : null),
          ),
    theirs: snapshot.words.map(wordTheirs),
    taken: taken?.word,
  });
  const tokens = gone
    ? { changes: [], unresolved: 0, choices: new Map() }
    : tokenConflicts(
        store,
        lesson.id,
        snapshot.lines.map((line) => ({ ...line, text_content: String(line.text_content) })),
        snapshot.tokens,
        choiceOf,
      );
  return {
    snapshot,
    lesson: lessonMerge,
    lines,
    words,
    tokens,
    changes: [...lessonMerge.changes, ...lines.changes, ...words.changes, ...tokens.changes],
    unresolved: lessonMerge.unresolved + lines.unresolved + words.unresolved + tokens.unresolved,
  };
}

/** The author's choices for one lesson, as compareLesson asks for them. */
export function choicesFor(lessonId: number, choices: readonly ChangeChoice[]): ChoiceOf {
  const byKey = new Map(
    choices
      .filter((choice) => choice.lessonId === lessonId)
      .map((choice) => [`${choice.key}|${choice.field}`, choice]),
  );
  return (key, field, stamp) => {
    const choice = byKey.get(`${key}|${field}`);
    // A choice made for what the server had at the check; changed again since, it is void.
    return choice && choice.stamp === stamp ? choice.choice : null;
  };
}
