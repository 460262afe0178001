import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { deMail, enMail, esMail } from '@magyarul/core/messages';
import { HOSTED_TEMPLATES, hostedBody, hostedSubject } from '../../supabase/templates/render.ts';

// The hosted auth e-mails (supabase/templates, supabase/config.toml) say what the embedded
// backend's mailer says, in the learner's language: generated from core's mail catalogues.

type Config = {
  auth: { email: { template: Record<string, { subject: string; content_path: string }> } };
};

const root = new URL('../../', import.meta.url);
const config = parse(readFileSync(new URL('supabase/config.toml', root), 'utf8')) as Config;

describe('hosted auth e-mail templates', () => {
  it('returns each template and subject as render.ts writes them from the catalogues', () => {
    for (const [name, type] of Object.entries(HOSTED_TEMPLATES)) {
      const entry = config.auth.email.template[name];
      expect(entry?.subject, name).toBe(hostedSubject(type));
      expect(entry?.content_path).toBe(`./supabase/templates/${name}.html`);
      const file = readFileSync(new URL(`supabase/templates/${name}.html`, root), 'utf8');
      expect(file, `${name}.html is stale: npx tsx supabase/templates/render.ts`).toBe(
        hostedBody(type),
      );
    }
  });

  it('returns the German, Spanish and English texts behind .Data.language', () => {
    const body = hostedBody('recovery');
    expect(body).toContain('{{ if eq .Data.language "de" }}');
    for (const texts of [deMail, esMail, enMail]) {
      expect(body).toContain(texts['recovery.intro']);
      expect(hostedSubject('recovery')).toContain(texts['recovery.subject']);
    }
    expect(body).toContain('{{ .ConfirmationURL }}');
    expect(body).toContain('{{ .Token }}');
  });
});
