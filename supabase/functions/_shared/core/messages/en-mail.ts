// Generated from core/src/messages/en-mail.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
// The auth e-mails' texts (English, as GoTrue's default templates write them), by e-mail type.
// The spec names none of them; the embedded backend's mailer renders them with `format`.
export const enMail = {
  'signup.subject': 'Confirm Your Signup',
  'signup.intro': 'Follow this link to confirm your user:',
  'signup.action': 'Confirm your mail',
  'recovery.subject': 'Reset Your Password',
  'recovery.intro': 'Follow this link to reset the password for your user:',
  'recovery.action': 'Reset Password',
  'magiclink.subject': 'Your Magic Link',
  'magiclink.intro': 'Follow this link to login:',
  'magiclink.action': 'Log In',
  'invite.subject': 'You have been invited',
  'invite.intro': 'You have been invited to create a user. Follow this link to accept the invite:',
  'invite.action': 'Accept the invite',
  'email_change.subject': 'Confirm Email Change',
  'email_change.intro': 'Follow this link to confirm the update of your email:',
  'email_change.action': 'Change Email',
  enterCode: 'Alternatively, enter the code: {code}',
} as const;
