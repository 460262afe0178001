import type { ServerContext } from '../context.ts';
import { extractLinks } from '../mail/index.ts';
import { authState } from './options.ts';
import { isRedirectAllowed } from './redirects.ts';

// Auth e-mails (confirmation, recovery, magic link, invite, email change) go to the dev outbox
// with GoTrue's link: <publicUrl>/auth/v1/verify?token=<hash>&type=<type>&redirect_to=<url>.

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
  const params = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${ctx.config.publicUrl}/auth/v1/verify?${params.toString()}`;
}

const templates: Record<EmailType, { subject: string; intro: string; action: string }> = {
  signup: {
    subject: 'Confirm Your Signup',
    intro: 'Follow this link to confirm your user:',
    action: 'Confirm your mail',
  },
  recovery: {
    subject: 'Reset Your Password',
    intro: 'Follow this link to reset the password for your user:',
    action: 'Reset Password',
  },
  magiclink: {
    subject: 'Your Magic Link',
    intro: 'Follow this link to login:',
    action: 'Log In',
  },
  invite: {
    subject: 'You have been invited',
    intro: 'You have been invited to create a user. Follow this link to accept the invite:',
    action: 'Accept the invite',
  },
  email_change: {
    subject: 'Confirm Email Change',
    intro: 'Follow this link to confirm the update of your email:',
    action: 'Change Email',
  },
};

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
  const t = templates[type];
  const link = verifyLink(ctx, hash, type, redirectTo);
  const text = `${t.subject}\n\n${t.intro}\n${link}\n\nAlternatively, enter the code: ${otp}\n`;
  const html =
    `<h2>${escapeHtml(t.subject)}</h2><p>${escapeHtml(t.intro)}</p>` +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t.action)}</a></p>` +
    `<p>Alternatively, enter the code: ${otp}</p>`;
  await ctx.mail.send({ to, subject: t.subject, text, html, links: extractLinks(text) });
}
