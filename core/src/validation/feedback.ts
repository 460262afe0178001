import type { StoredFeedbackType } from '../enums/index.ts';
import type { MessageKey } from '../messages/index.ts';
import { ErrorCollector, text, type Validation } from './result.ts';

export const FEEDBACK_TITLE_MAX = 100;
export const FEEDBACK_DESCRIPTION_MAX = 1000;

/** The dialog's types: the database's feedback_type enum without 'others'. */
export const FEEDBACK_TYPES = [
  'bug',
  'feature',
  'content',
  'general',
] as const satisfies readonly StoredFeedbackType[];
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'general';

/** The dialog's type options in order, each with its catalogue label. */
export const FEEDBACK_TYPE_OPTIONS: readonly { value: FeedbackType; labelKey: MessageKey }[] = [
  { value: 'bug', labelKey: 'feedback.type.bug' },
  { value: 'feature', labelKey: 'feedback.type.feature' },
  { value: 'content', labelKey: 'feedback.type.content' },
  { value: 'general', labelKey: 'feedback.type.general' },
];

export type Feedback = {
  readonly feedback_type: FeedbackType;
  readonly title: string;
  readonly description: string;
};

function isFeedbackType(value: string): value is FeedbackType {
  return (FEEDBACK_TYPES as readonly string[]).includes(value);
}

/**
 * The feedback dialog: signed in, title and description non-blank after trimming (saved
 * trimmed), title ≤ 100 and description ≤ 1000 characters; an unknown or missing type becomes
 * 'general'. page_url and user_agent are the caller's to add.
 */
export function validateFeedback(
  input: { type?: string | null; title: string; description: string },
  context: { signedIn: boolean },
): Validation<Feedback, 'title' | 'description'> {
  const errors = new ErrorCollector<'title' | 'description'>();
  const title = text(input.title);
  const description = text(input.description);
  const type = text(input.type);
  if (!context.signedIn) errors.add('form', 'feedback.loginRequired');
  if (title === '' || description === '') errors.add('form', 'feedback.fillAllFields');
  if (title.length > FEEDBACK_TITLE_MAX) {
    errors.add('title', 'feedback.titleTooLong', { n: FEEDBACK_TITLE_MAX });
  }
  if (description.length > FEEDBACK_DESCRIPTION_MAX) {
    errors.add('description', 'feedback.descriptionTooLong', { n: FEEDBACK_DESCRIPTION_MAX });
  }
  return errors.result(() => ({
    feedback_type: isFeedbackType(type) ? type : DEFAULT_FEEDBACK_TYPE,
    title,
    description,
  }));
}
