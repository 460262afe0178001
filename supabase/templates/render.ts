// The hosted auth e-mails in the learner's language (issue 29). Hosted Supabase renders its
// templates with Go's templates; every auth e-mail's data carries the user metadata as `.Data`,
// where the web stores the interface language (`language`: en, de, es). So each template (and
// each subject, also a template there) branches on `.Data.language`, with English otherwise, as
// the embedded backend's mailer does (supabase/local/src/auth/mailer.ts). The texts are core's
// mail catalogues. `npx tsx supabase/templates/render.ts` writes the HTML files beside this one
// and prints the subjects for supabase/config.toml; tests/tooling/mail-templates.test.ts checks
// both are current.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MAIL_LANGUAGES, mailTexts, type MailTexts } from '@magyarul/core/messages';

/** config.toml's template name → the catalogue's e-mail type. */
export const HOSTED_TEMPLATES = {
  confirmation: 'signup',
  recovery: 'recovery',
  email_change: 'email_change',
  magic_link: 'magiclink',
  invite: 'invite',
} as const;

type Part = 'subject' | 'intro' | 'action';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** `render(texts, language)` for each language, English in the `else` branch. */
function branches(render: (texts: MailTexts, language: string) => string): string {
  const others = MAIL_LANGUAGES.filter((l) => l !== 'en');
  let out = '';
  others.forEach((language, i) => {
    out += `{{ ${i === 0 ? 'if' : 'else if'} eq .Data.language "${language}" }}`;
    out += render(mailTexts(language).texts, language);
  });
  return `${out}{{ else }}${render(mailTexts('en').texts, 'en')}{{ end }}`;
}

export function hostedSubject(type: string): string {
  return branches((texts) => texts[`${type}.subject` as `signup.${Part}`]);
}

export function hostedBody(type: string): string {
  const text = (texts: MailTexts, part: Part) =>
    escapeHtml(texts[`${type}.${part}` as `signup.${Part}`]);
  return `${branches(
    (texts, language) =>
      `\n<div lang="${language}">\n<h2>${text(texts, 'subject')}</h2>\n<p>${text(texts, 'intro')}</p>\n` +
      `<p><a href="{{ .ConfirmationURL }}">${text(texts, 'action')}</a></p>\n` +
      `<p>${escapeHtml(texts.enterCode).replace('{code}', '{{ .Token }}')}</p>\n</div>\n`,
  )}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, type] of Object.entries(HOSTED_TEMPLATES)) {
    writeFileSync(new URL(`./${name}.html`, import.meta.url), hostedBody(type));
    console.log(`[auth.email.template.${name}]`);
    console.log(`subject = ${JSON.stringify(hostedSubject(type))}`);
    console.log(`content_path = "./supabase/templates/${name}.html"\n`);
  }
}
