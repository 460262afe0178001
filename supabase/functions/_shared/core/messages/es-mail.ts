// Generated from core/src/messages/es-mail.ts by supabase/local/scripts/gen-functions-shared.ts. Do not edit.
import type { MailTexts } from './mail-catalogues.ts';

// The auth e-mails in Spanish (the learner's interface language, stored in the user metadata).
export const esMail: MailTexts = {
  'signup.subject': 'Confirma tu registro',
  'signup.intro': 'Sigue este enlace para confirmar tu cuenta de Magyarul:',
  'signup.action': 'Confirmar mi correo',
  'recovery.subject': 'Restablece tu contraseña',
  'recovery.intro': 'Sigue este enlace para restablecer la contraseña de tu cuenta:',
  'recovery.action': 'Restablecer la contraseña',
  'magiclink.subject': 'Tu enlace de acceso',
  'magiclink.intro': 'Sigue este enlace para iniciar sesión:',
  'magiclink.action': 'Iniciar sesión',
  'invite.subject': 'Te han invitado',
  'invite.intro':
    'Te han invitado a crear una cuenta. Sigue este enlace para aceptar la invitación:',
  'invite.action': 'Aceptar la invitación',
  'email_change.subject': 'Confirma el cambio de correo',
  'email_change.intro': 'Sigue este enlace para confirmar el cambio de tu correo electrónico:',
  'email_change.action': 'Cambiar el correo',
  enterCode: 'También puedes introducir este código: {code}',
};
