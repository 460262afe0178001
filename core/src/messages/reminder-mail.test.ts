import { describe, expect, it } from 'vitest';
import { reminderMail } from './reminder-mail.ts';

const urls = {
  reviewUrl: 'https://app.example/review-flashcards',
  unsubscribeUrl: 'https://app.example/unsubscribe?token=abc&x=<1>',
};

describe('reminderMail', () => {
  it('returns the reminder in the learner language with singular and plural forms', () => {
    expect(reminderMail('de', { dueCount: 1, ...urls }).subject).toBe('1 Wort wartet auf dich');
    expect(reminderMail('de', { dueCount: 12, ...urls }).subject).toBe('12 Wörter warten auf dich');
    expect(reminderMail('es', { dueCount: 1, ...urls }).subject).toBe('1 palabra te espera');
    expect(reminderMail('es', { dueCount: 3, ...urls }).text).toContain(
      'Hoy te toca repasar 3 palabras húngaras.',
    );
    expect(reminderMail('en', { dueCount: 2, ...urls }).subject).toBe(
      '2 words are waiting for you',
    );
  });

  it('returns English for an unknown language', () => {
    expect(reminderMail('fr', { dueCount: 2, ...urls }).subject).toBe(
      '2 words are waiting for you',
    );
  });

  it('returns both links in the text and escaped in the html', () => {
    const mail = reminderMail('en', { dueCount: 2, ...urls });
    expect(mail.text).toContain(urls.reviewUrl);
    expect(mail.text).toContain(urls.unsubscribeUrl);
    expect(mail.html).toContain('href="https://app.example/unsubscribe?token=abc&amp;x=&lt;1&gt;"');
    expect(mail.html).not.toContain('<1>');
    expect(mail.html).toContain('>Review now</a>');
  });
});
