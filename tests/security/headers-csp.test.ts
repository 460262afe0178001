import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startAppServer, type AppServer } from './support/server.ts';

// Finding: no Content-Security-Policy, X-Content-Type-Options, frame-ancestors / X-Frame-Options
// or Referrer-Policy on any page; the admin area could be framed. Every answer now carries
// them, pages with a CSP that runs only the app's own scripts, and the real app (built
// web/dist, in Chromium) runs under it without a single violation.

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('security headers and CSP', () => {
  let server: AppServer;
  let webDir: string;
  let browser: Browser;
  let framer: Server;
  let framerUrl = '';

  beforeAll(async () => {
    // The app as `npm start` builds it, copied so a rebuild in the tree cannot pull it away.
    const build = spawnSync('node', [join(REPO_ROOT, 'web', 'scripts', 'ensure-build.mjs')], {
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`web build failed: ${build.stderr}`);
    webDir = mkdtempSync(join(tmpdir(), 'magyarul-security-web-'));
    cpSync(join(REPO_ROOT, 'web', 'dist'), webDir, { recursive: true });
    server = await startAppServer({ config: { webDir } });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
    // Another origin that tries to frame the admin area.
    framer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><iframe id="victim" src="${server.url}/admin"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (framer ? framer.close(() => resolve()) : resolve()));
    await server?.stop();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  it('sends a strict CSP and the other security headers with the app pages', async () => {
    for (const path of ['/', '/auth', '/admin', '/lesson/x']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('serves an index.html without inline script (the anon key is in a meta tag)', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/assets\//);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).toMatch(/<meta name="magyarul-anon-key" content="ey[^"]+"/);
    expect(readFileSync(join(webDir, 'index.html'), 'utf8')).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('sends nosniff, no-framing and a no-content CSP with API answers', async () => {
    const key = server.ctx.keys.anonKey;
    const answers = await Promise.all([
      fetch(`${server.url}/rest/v1/lessons?select=id`, { headers: { apikey: key } }),
      fetch(`${server.url}/rest/v1/nope`, { headers: { apikey: key } }),
      fetch(`${server.url}/auth/v1/health`),
      fetch(`${server.url}/storage/v1/bucket`, { headers: { apikey: key } }),
      fetch(`${server.url}/functions/v1/nope`, { headers: { apikey: key } }),
    ]);
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    }
  });

  it('runs the landing page, sign-in and admin area in Chromium without a CSP violation', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`Refused to load: CSP ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    for (const path of ['/', '/auth', '/admin', '/preview']) {
      await page.goto(`${server.url}${path}`);
      await page.locator('main, h1').first().waitFor();
    }
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('Email').fill('admin@magyarul.local');
    await page.getByLabel('Password', { exact: true }).fill('magyarul-demo');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(violations).toEqual([]);
    await page.close();
  });

  it('gives the service worker a CSP that reaches its own origin only (issue 13)', async () => {
    const res = await fetch(`${server.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // Only the worker: the other scripts keep the no-content CSP, the pages theirs.
    expect([...csp.keys()].sort()).toEqual(['connect-src', 'default-src', 'frame-ancestors']);
    const html = await (await fetch(`${server.url}/dashboard`)).text();
    const manifestPath = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    expect(manifestPath).toBe('/manifest.webmanifest');
    const manifest = await fetch(`${server.url}${manifestPath}`);
    expect(manifest.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    const script = await fetch(`${server.url}${asset}`);
    expect(script.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('installs the service worker and works offline in Chromium without a CSP violation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    await page.goto(`${server.url}/preview`);
    await page.locator('main, h1').first().waitFor();
    // Controlled once the worker has stored the app's files and claimed the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // The worker itself may fetch from its origin (connect-src 'self') ...
    expect(await worker.evaluate(async () => (await fetch('/manifest.webmanifest')).status)).toBe(
      200,
    );
    // ... and nothing else.
    expect(
      await worker.evaluate(() =>
        fetch('https://example.com/').then(
          () => 'fetched',
          (error: unknown) => String(error),
        ),
      ),
    ).not.toBe('fetched');
    await context.setOffline(true);
    await page.reload();
    await page.locator('main, h1').first().waitFor();
    await context.setOffline(false);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('refuses to be framed by another origin', async () => {
    const page = await browser.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto(framerUrl);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    await expect
      .poll(() => frame?.url() ?? '', { timeout: 10_000 })
      .toMatch(/^chrome-error:|^about:blank/);
    expect(messages.join('\n')).toMatch(/frame-ancestors|X-Frame-Options/);
    await page.close();
  });

  it('lets only the spelling thread compile WebAssembly, and keeps it and its dictionary out of the precache (issue 28)', async () => {
    const assets = readdirSync(join(webDir, 'assets'));
    const worker = assets.find((name) => /^spell-worker-[\w-]+\.js$/.test(name));
    // Two dictionaries: npm dictionary-hu (spelling) and hunspell-hu with the morphological
    // fields (the analyser, with its own hunspell build: hu-analyser-*.wasm).
    const dictionary = assets.filter((name) => /^hu-dictionary-.+\.(aff|dic)$/.test(name));
    const analyser = assets.filter((name) => /^hu-analyser-.+\.wasm$/.test(name));
    expect(worker).toBeDefined();
    expect(dictionary).toHaveLength(4);
    expect(analyser).toHaveLength(1);
    const res = await fetch(`${server.url}/assets/${worker}`);
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect([...csp.keys()].sort()).toEqual([
      'connect-src',
      'default-src',
      'frame-ancestors',
      'script-src',
    ]);
    // A file merely named like it elsewhere, and the dictionary, keep the no-content CSP.
    for (const path of [`/assets/${dictionary[0]}`, `/x/assets/${worker}`, `/assets/${worker}x`]) {
      const other = await fetch(`${server.url}${path}`);
      expect(other.headers.get('content-security-policy')).not.toMatch(/wasm/);
    }
    const sw = await (await fetch(`${server.url}/sw.js`)).text();
    expect(sw).not.toMatch(/spell-worker|hu-dictionary|hu-analyser/);
  });
});
