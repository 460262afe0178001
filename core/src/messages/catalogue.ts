import { enAdmin } from './en-admin.ts';
import { enLearner } from './en-learner.ts';
import { format, type MessageParams } from './format.ts';

/** The English catalogue: every user-visible text of both spec documents, by stable id. */
export const en = { ...enLearner, ...enAdmin } as const;

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
 * An error that carries a machine-readable code and the exact user-facing message, so
 * boundaries can show `message` as is and branch on `code`.
 */
export type CodedMessage<Code extends string = string> = {
  readonly code: Code;
  readonly key: MessageKey;
  readonly message: string;
};
