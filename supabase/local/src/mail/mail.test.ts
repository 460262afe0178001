import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../auth/test-context.ts';
import { createMailOutbox, devMailService, extractLinks, renderMailPage } from './index.ts';

// The development mail outbox (_local.mail_outbox) and its /_dev/mail page and JSON list.

describe('mail outbox', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(async () => {
    await ctx.cleanup();
  });

  it('keeps messages in the database and lists them newest first', async () => {
    const outbox = createMailOutbox(ctx.db);
    await outbox.send({
      to: 'a@example.com',
      subject: 'First',
      text: 'one',
      html: '<p>one</p>',
      links: [],
    });
    await outbox.send({
      to: 'b@example.com',
      subject: 'Second',
      text: 'two',
      html: '<p>two</p>',
      links: ['http://x/1'],
    });
    const list = await createMailOutbox(ctx).list();
    expect(list.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(list[0]).toMatchObject({ to: 'b@example.com', links: ['http://x/1'] });
    expect(list[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(list[0]?.created_at ?? '')).not.toBeNaN();
  });

  it('keeps the sending order for messages written within the same millisecond', async () => {
    // PGlite's clock has millisecond resolution: these share created_at, so only the
    // outbox's sequence number can order them.
    const outbox = createMailOutbox(ctx.db);
    const subjects = Array.from({ length: 25 }, (_, i) => `Burst ${i + 1}`);
    for (const subject of subjects) {
      await outbox.send({ to: 'burst@example.com', subject, text: '', html: '', links: [] });
    }
    const listed = await outbox.listFor('burst@example.com');
    expect(listed.map((m) => m.subject)).toEqual(subjects.toReversed());
  });

  it('serves /mail.json (with a to filter) and an escaped HTML page with clickable links', async () => {
    const json = await devMailService(
      new Request('http://h/_dev/mail.json?to=A@example.com'),
      '/mail.json',
      ctx,
    );
    expect(json.headers.get('content-type')).toContain('application/json');
    expect(((await json.json()) as { subject: string }[]).map((m) => m.subject)).toEqual(['First']);
    const page = await devMailService(new Request('http://h/_dev/mail'), '/mail', ctx);
    const html = await page.text();
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<a href="http://x/1">');
    expect(
      renderMailPage([
        { id: '1', to: '<b>', subject: '<script>', text: '&', html: '', links: [], created_at: '' },
      ]),
    ).not.toContain('<script>');
    const missing = await devMailService(new Request('http://h/_dev/other'), '/other', ctx);
    expect(missing.status).toBe(404);
  });

  it('extracts every link once, in order', () => {
    expect(extractLinks('go http://a/x?y=1&z=2 then https://b/ and http://a/x?y=1&z=2.')).toEqual([
      'http://a/x?y=1&z=2',
      'https://b/',
    ]);
  });
});
