import { enAdmin } from './en-admin.ts';
import { enLearner } from './en-learner.ts';
import { enPractice } from './en-practice.ts';
import { format, type MessageParams } from './format.ts';

/**
 * The English catalogue: every user-visible text of both spec documents, and of the practice
 * exercises, by stable id.
 */
export const en = { ...enLearner, ...enPractice, ...enAdmin } as const;

/** A stable message id, e.g. `'lesson.loadFailed'`. */
export type MessageKey = keyof typeof en;

/**
 * A complete catalogue for one language. German and Spanish catalogues are typed with this so
 * a missing or extra key is a compile error.
 */
export type Catalogue = { readonly [K in MessageKey]: string };

/** The text of `key` in `catalogue` (English by default) with its `{placeholders}` filled. */
export function t(key: MessageKey, params?: MessageParams, catalogue: Catalogue = en): string {
  return format(catalogue[key], params);
}

/**
 * What core hands to an app instead of a sentence: a catalogue key and the values of its
 * placeholders. Each app renders it through its own catalogue (`t(m.key, m.params)`).
 */
export type Message = { readonly key: MessageKey; readonly params: MessageParams };

/** A message of `key` with `params`, plus `message`, its English text for logs and tests. */
export function message(key: MessageKey, params: MessageParams = {}): Message & Rendered {
  return { key, params, message: t(key, params) };
}

/** The English text of a message, for logs, the CLI and tests; apps render key and params. */
export type Rendered = { readonly message: string };

/**
 * An error that carries a machine-readable code, the key and parameters apps render, and its
 * English text (`message`) for logs.
 */
export type CodedMessage<Code extends string = string> = Message &
  Rendered & {
    readonly code: Code;
  };
