import { format } from './format.ts';
import { MAIL_LANGUAGES, type MailLanguage } from './mail-catalogues.ts';

// The daily reminder e-mail (issue 29 point 3), in the learner's interface language. Sent by
// the send-reminders edge function, which imports this file through its generated copy.

type ReminderTexts = {
  readonly subject: string;
  readonly body: string;
  readonly action: string;
  readonly unsubscribe: string;
};

const TEXTS: Readonly<Record<MailLanguage, ReminderTexts>> = {
  en: {
    subject: '{n, plural, one {# word is waiting for you} other {# words are waiting for you}}',
    body: '{n, plural, one {# Hungarian word is due for review today.} other {# Hungarian words are due for review today.}} A few minutes keep them fresh.',
    action: 'Review now: {url}',
    unsubscribe:
      'You get this e-mail because you asked for a daily reminder. No more reminders: {url}',
  },
  de: {
    subject: '{n, plural, one {# Wort wartet auf dich} other {# Wörter warten auf dich}}',
    body: '{n, plural, one {# ungarisches Wort ist heute zur Wiederholung fällig.} other {# ungarische Wörter sind heute zur Wiederholung fällig.}} Ein paar Minuten halten sie frisch.',
    action: 'Jetzt wiederholen: {url}',
    unsubscribe:
      'Du bekommst diese E-Mail, weil du eine tägliche Erinnerung gewählt hast. Keine Erinnerungen mehr: {url}',
  },
  es: {
    subject: '{n, plural, one {# palabra te espera} other {# palabras te esperan}}',
    body: '{n, plural, one {Hoy te toca repasar # palabra húngara.} other {Hoy te toca repasar # palabras húngaras.}} Unos minutos bastan para no olvidarlas.',
    action: 'Repasar ahora: {url}',
    unsubscribe:
      'Recibes este correo porque pediste un recordatorio diario. No quiero más recordatorios: {url}',
  },
};

export type ReminderMail = { subject: string; text: string; html: string };

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * The reminder for `dueCount` words in `language` (English for anything else), with the link
 * to the review and the one-click unsubscribe link.
 */
export function reminderMail(
  language: unknown,
  {
    dueCount,
    reviewUrl,
    unsubscribeUrl,
  }: { dueCount: number; reviewUrl: string; unsubscribeUrl: string },
): ReminderMail {
  const known = MAIL_LANGUAGES.find((l) => l === language) ?? 'en';
  const texts = TEXTS[known];
  const n = { n: dueCount };
  const options = { locale: known };
  const subject = format(texts.subject, n, options);
  const body = format(texts.body, n, options);
  const text = [
    body,
    '',
    format(texts.action, { url: reviewUrl }),
    '',
    '--',
    format(texts.unsubscribe, { url: unsubscribeUrl }),
  ].join('\n');
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const [actionLabel] = format(texts.action, { url: '' }).split(':');
  const [unsubscribeLead] = format(texts.unsubscribe, { url: '' }).split(/:\s*$/);
  const html =
    `<p>${escapeHtml(body)}</p>` +
    `<p>${link(reviewUrl, actionLabel ?? reviewUrl)}</p>` +
    `<hr><p style="font-size:small">${escapeHtml(unsubscribeLead ?? '')}: ${link(unsubscribeUrl, unsubscribeUrl)}</p>`;
  return { subject, text, html };
}
