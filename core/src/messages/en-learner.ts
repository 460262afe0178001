// English texts of the learner side (spec/learner-side.md). Texts quoted by the spec are copied
// verbatim; entries marked "product" fill gaps where the spec names a situation but no wording.
export const enLearner = {
  // Landing page
  'landing.nav.features': 'Features',
  'landing.nav.lessons': 'Lessons',
  'landing.nav.tryDemo': 'Try Demo',
  'landing.nav.login': 'Login',
  'landing.nav.startLearning': 'Start Learning',
  'landing.nav.dashboard': 'Dashboard',
  'landing.nav.signOut': 'Sign Out',
  'landing.hero.tryDemoLesson': 'Try Demo Lesson',
  'landing.hero.continueLearning': 'Continue Learning',
  'landing.hero.viewAllLessons': 'View All Lessons',
  'landing.lessons.startLesson': 'Start Lesson',
  'landing.lessons.loading': 'Loading lessons...',
  'landing.lessons.durationMinutes': '{n} min',
  'landing.trial': '5 free lessons, no credit card required, cancel anytime',

  // Auth page, forgot and reset password
  'auth.tab.login': 'Login',
  'auth.tab.signUp': 'Sign Up',
  'auth.forgotPasswordLink': 'Forgot your password? Click here to reset it.',
  'auth.checkYourEmail': 'Check Your Email',
  'auth.resendConfirmation': 'Resend Confirmation Email',
  'auth.backToLogin': 'Back to Login',
  'auth.resetYourPassword': 'Reset Your Password',
  'auth.welcomeBack': 'Welcome back!',
  'auth.unexpectedError': 'An unexpected error occurred',
  'auth.passwordUpdated': 'Password updated successfully!',
  'auth.confirmationResent': 'Confirmation email resent! Check your inbox.',
  'auth.confirmationResendFailed': 'Failed to resend confirmation email',
  'auth.noAccountForEmail': 'No account found with this email address',
  'auth.genericError': 'An error occurred. Please try again.',
  'auth.resetEmailSent': 'Reset email sent! Check your inbox and spam folder.',
  'auth.resetLinkExpired': 'This reset link has expired. Please request a new one.',
  'auth.resetFailed': 'An error occurred while updating your password. Please try again.',
  'auth.missingCredentials': 'You must provide either an email or phone number and a password',
  'auth.invalidJwtSignature': 'Invalid JWT signature',

  // Auth validation
  'validation.passwordsDoNotMatch': 'Passwords do not match',
  'validation.passwordsDontMatch': "Passwords don't match",
  'validation.passwordMinLength':
    'Password must be at least {n, plural, one {# character} other {# characters}}',
  'validation.invalidEmail': 'Please enter a valid email address',
  'validation.emailRequired': 'Email is required', // product
  'validation.passwordRequired': 'Password is required', // product
  'validation.nameRequired': 'Name is required', // product
  'validation.confirmPasswordRequired': 'Please confirm your password', // product

  // Dashboard
  'dashboard.guest': 'Guest',
  'dashboard.loginPrompt': 'Log in to save your progress', // product
  'dashboard.continueLearning': 'Continue Learning',
  'dashboard.reviewFlashcards': 'Review Flashcards',
  'dashboard.adminDashboard': 'Admin Dashboard',
  'dashboard.overallGoal': '2,000 words to conversational',
  'dashboard.touristPack': '{reviewed} of {total, plural, one {# word} other {# words}}', // product
  'dashboard.streak': '{n} day streak',
  'lessons.empty': 'No lessons available yet',
  'lessons.loadFailed': 'Failed to load lessons',

  // Demo lesson and lesson viewer
  'lesson.tab.audio': 'Audio Lesson',
  'lesson.tab.flashcards': 'Flashcards',
  'lesson.markCompleteDemo': 'Mark as Complete (Demo)',
  'lesson.loadFailed': 'Failed to load lesson',
  'lesson.notFound': 'Lesson not found',
  'lesson.returnToDashboard': 'Return to Dashboard',
  'lesson.progressSaveFailed': 'Failed to save progress',
  'lesson.audioCompleted': 'Audio lesson completed! Flashcards unlocked.',
  'lesson.header.number': 'Lesson {n}',

  // Audio player
  'audio.loadFailed':
    'Failed to load audio. Please try again or contact support if the problem persists.',
  'audio.playFailed': 'Failed to play audio. Please try refreshing the page.',
  'audio.retry': 'Retry',
  'audio.showTranscript': 'Show Transcript', // product
  'audio.hideTranscript': 'Hide Transcript', // product

  // Flashcards in a lesson and in review
  'flashcards.loadFailed': 'Failed to load flashcards',
  'flashcards.sessionSaveFailed': 'Failed to save session results',
  'flashcards.nextCard': 'Next Card',
  'flashcards.viewResults': 'View Results',
  'flashcards.continueToLesson': 'Continue to Lesson {n}',
  'flashcards.almostThere': 'Almost There',
  'flashcards.tryAgain': 'Try Again',
  'flashcards.reviewMore': 'Review More Flashcards',
  'flashcards.optionalReviewSoon': 'Optional review sessions coming soon!',
  'review.preparing': 'Preparing your flashcards...',
  'review.noLessonsCompleted': 'No Lessons Completed Yet',
  'review.allCaughtUp': 'All Caught Up!',
  'review.moreLessonsNeeded': 'More Lessons Needed',
  'review.somethingWentWrong': 'Something Went Wrong',
  'review.backToDashboard': 'Back to Dashboard',
  'review.sessionComplete': 'Session complete! Accuracy: {n}%',

  // Feedback dialog
  'feedback.loginRequired': 'You must be logged in to submit feedback',
  'feedback.fillAllFields': 'Please fill in all fields',
  'feedback.titleTooLong':
    'Title must be at most {n, plural, one {# character} other {# characters}}', // product
  'feedback.descriptionTooLong':
    'Description must be at most {n, plural, one {# character} other {# characters}}', // product
  'feedback.submitFailed': 'Failed to submit feedback. Please try again.',
  'feedback.thanks': 'Thank you for your feedback!',
  // product: the server takes at most 10 messages a minute from one learner (PT429)
  'feedback.rateLimited':
    'You have sent a lot of feedback in the last minute. Please wait a minute and try again.',
  'feedback.counter': '{n}/{max}',
  'feedback.type.bug': 'Bug Report',
  'feedback.type.feature': 'Feature Request',
  'feedback.type.content': 'Content Issue',
  'feedback.type.general': 'General Feedback',

  // Profile name
  'profile.nameSaveFailed': 'Failed to save name',
  'profile.nameSaved': 'Name saved!',

  // Static pages and 404
  'legal.terms': 'Terms of Service',
  'legal.privacy': 'Privacy Policy',
  'legal.back': 'Back',
  'notFound.title': '404', // product
  'notFound.text': 'Page not found', // product
  'notFound.home': 'Return to Home', // product
} as const;
