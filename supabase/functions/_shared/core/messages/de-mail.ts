// Generated from core/src/messages/de-mail.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
import type { MailTexts } from './mail-catalogues.ts';

// The auth e-mails in German (the learner's interface language, stored in the user metadata).
export const deMail: MailTexts = {
  'signup.subject': 'Bestätige deine Registrierung',
  'signup.intro': 'Folge diesem Link, um dein Konto bei Magyarul zu bestätigen:',
  'signup.action': 'E-Mail-Adresse bestätigen',
  'recovery.subject': 'Passwort zurücksetzen',
  'recovery.intro': 'Folge diesem Link, um das Passwort deines Kontos zurückzusetzen:',
  'recovery.action': 'Passwort zurücksetzen',
  'magiclink.subject': 'Dein Anmeldelink',
  'magiclink.intro': 'Folge diesem Link, um dich anzumelden:',
  'magiclink.action': 'Anmelden',
  'invite.subject': 'Du wurdest eingeladen',
  'invite.intro':
    'Du wurdest eingeladen, ein Konto anzulegen. Folge diesem Link, um die Einladung anzunehmen:',
  'invite.action': 'Einladung annehmen',
  'email_change.subject': 'Änderung der E-Mail-Adresse bestätigen',
  'email_change.intro': 'Folge diesem Link, um die Änderung deiner E-Mail-Adresse zu bestätigen:',
  'email_change.action': 'E-Mail-Adresse ändern',
  enterCode: 'Oder gib diesen Code ein: {code}',
};
