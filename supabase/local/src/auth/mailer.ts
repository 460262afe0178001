import { format, mailTexts, type MailTexts } from '@magyarul/core/messages';
import type { ServerContext } from '../context.ts';
import { extractLinks } from '../mail/index.ts';
import { linkToken } from './link-token.ts';
import { mailLanguage } from './mail-language.ts';
import { authState } from './options.ts';
import { isRedirectAllowed } from './redirects.ts';

// Auth e-mails (confirmation, recovery, magic link, invite, email change) go to the dev outbox
// with GoTrue's link: <publicUrl>/auth/v1/verify?token=<token>&type=<type>&redirect_to=<url>,
// where the token is the stored hash with the server's MAC (auth/link-token.ts).

export type EmailType = 'signup' | 'recovery' | 'magiclink' | 'invite' | 'email_change';

/** The site URL: where links land when no (allowed) redirect_to is given. */
export function siteUrl(ctx: ServerContext): string {
  const configured = authState(ctx).options.siteUrl;
  return configured ?? `${ctx.config.publicUrl}/`;
}

/**
 * redirect_to is honoured when it goes back to the site (its scheme, host and port) or matches
 * the allow-list (auth/redirects.ts); anything else falls back to the site URL, as in GoTrue.
 */
export function allowedRedirect(ctx: ServerContext, requested: string | null | undefined): string {
  const site = siteUrl(ctx);
  if (!requested) return site;
  const allowList = authState(ctx).options.additionalRedirectUrls;
  return isRedirectAllowed({ siteUrl: site, allowList }, requested) ? requested : site;
}

export function verifyLink(
  ctx: ServerContext,
  hash: string,
  type: EmailType,
  redirectTo: string,
): string {
  const params = new URLSearchParams({
    token: linkToken(ctx, hash),
    type,
    redirect_to: redirectTo,
  });
  return `${ctx.config.publicUrl}/auth/v1/verify?${params.toString()}`;
}

type MailPart = 'subject' | 'intro' | 'action';

/** A text of an e-mail of `type` from the mail catalogue of the learner's language. */
function mailText(texts: MailTexts, type: EmailType, part: MailPart): string {
  return texts[`${type}.${part}`];
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export async function sendAuthEmail(
  ctx: ServerContext,
  to: string,
  type: EmailType,
  hash: string,
  otp: string,
  redirectTo: string,
): Promise<void> {
  const { language, texts } = mailTexts(await mailLanguage(ctx, to));
  const subject = mailText(texts, type, 'subject');
  const intro = mailText(texts, type, 'intro');
  const code = format(texts.enterCode, { code: otp });
  const link = verifyLink(ctx, hash, type, redirectTo);
  const text = `${subject}\n\n${intro}\n${link}\n\n${code}\n`;
  const html =
    `<div lang="${language}"><h2>${escapeHtml(subject)}</h2><p>${escapeHtml(intro)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(mailText(texts, type, 'action'))}</a></p>` +
    `<p>${escapeHtml(code)}</p></div>`;
  await ctx.mail.send({ to, subject, text, html, links: extractLinks(text) });
}
