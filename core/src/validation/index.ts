export {
  AUTH_PAGE_PASSWORD_MIN,
  RESET_PAGE_PASSWORD_MIN,
  expiredResetLinkMessage,
  forgotPasswordErrorMessage,
  recoveryTokensFrom,
  validateAuthPasswordReset,
  validateForgotPassword,
  validateResetPassword,
  validateSignIn,
  validateSignUp,
  type Credentials,
  type RecoveryTokens,
  type SignUp,
} from './auth.ts';
export { EMAIL_PATTERN, isValidEmail } from './email.ts';
export {
  DEFAULT_FEEDBACK_TYPE,
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_TITLE_MAX,
  FEEDBACK_TYPES,
  FEEDBACK_TYPE_OPTIONS,
  validateFeedback,
  type Feedback,
  type FeedbackType,
} from './feedback.ts';
export {
  LESSON_TITLE_MIN,
  positiveInteger,
  validateLessonEdit,
  validateNewLesson,
  validateNewWord,
  validateUploadLesson,
  type LessonEdit,
  type NewLesson,
  type NewLessonInput,
  type NewWord,
  type UploadLesson,
  type UploadLessonInput,
} from './lesson-forms.ts';
export { validateProfileName } from './profile.ts';
export {
  ErrorCollector,
  type FieldErrors,
  type Validation,
  type ValidationFailure,
} from './result.ts';
