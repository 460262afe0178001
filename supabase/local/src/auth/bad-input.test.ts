import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../context.ts';
import { functionsService } from '../functions/index.ts';
import { devMailService } from '../mail/index.ts';
import { storageService } from '../storage/index.ts';
import { authService } from './index.ts';
import { createTestContext, type TestContext } from './test-context.ts';

// Fuzz: arbitrary methods, paths, headers and bodies never make a service throw, answer 5xx or
// leak a stack trace.

const services: [string, Service][] = [
  ['/auth/v1', authService],
  ['/storage/v1', storageService],
  ['/functions/v1', functionsService],
  ['/_dev', devMailService],
];

const authPaths = [
  '/signup',
  '/token',
  '/token?grant_type=password',
  '/token?grant_type=refresh_token',
  '/user',
  '/logout?scope=x',
  '/recover',
  '/verify',
  '/verify?type=signup&token=x',
  '/resend',
  '/otp',
  '/admin/users',
  '/admin/users/x',
  '/admin/generate_link',
  '/invite',
  '/settings',
];
const storagePaths = [
  '/bucket',
  '/bucket/avatars',
  '/bucket/avatars/empty',
  '/object/avatars/a.txt',
  '/object/list/avatars',
  '/object/sign/avatars',
  '/object/sign/avatars/a.txt',
  '/object/public/avatars/a.txt',
  '/object/info/avatars/a.txt',
  '/object/move',
  '/object/copy',
  '/object/avatars',
  '/object/upload/sign/avatars/a.txt',
];

describe('bad input to the auth, storage and functions services', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      sql: [`insert into storage.buckets (id, name) values ('avatars', 'avatars')`],
    });
  });

  afterAll(async () => {
    await ctx.cleanup();
  });

  it('returns a JSON 4xx (never 5xx, never a stack) for arbitrary requests', async () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc.string(),
      fc.constantFrom(
        '{',
        '[]',
        'null',
        '{"email":5,"password":[]}',
        '{"email":"a@b.co","password":{"x":1}}',
        '{"data":"x","email":"a@b.co","password":"secret123"}',
        '{"prefixes":[1,2]}',
        '{"expiresIn":"soon","paths":"a"}',
        '{"bucketId":7}',
        '{"type":"signup","token_hash":{}}',
        '{"refresh_token":123}',
      ),
    );
    const auth = fc.constantFrom(
      undefined,
      'Bearer ',
      'Bearer a.b.c',
      'Basic xyz',
      `Bearer ${'x'.repeat(3000)}`,
      'Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: services.length - 1 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'),
        fc.oneof(
          fc.constantFrom(
            ...authPaths,
            ...storagePaths,
            '/nope',
            '/mail',
            '/mail.json',
            '/%E0%A4%A',
            '/object/avatars/%2e%2e/%2e%2e/x',
          ),
          fc.webPath(),
        ),
        jsonish,
        auth,
        fc.constantFrom('application/json', 'multipart/form-data; boundary=zz', 'text/plain', ''),
        async (serviceIndex, method, path, body, authorization, contentType) => {
          const entry = services[serviceIndex];
          if (!entry) return;
          const [prefix, service] = entry;
          const headers: Record<string, string> = {};
          if (authorization) headers.authorization = authorization;
          if (contentType) headers['content-type'] = contentType;
          let req: Request;
          try {
            req = new Request(
              `http://127.0.0.1:54321${prefix}${path.startsWith('/') ? path : `/${path}`}`,
              {
                method,
                headers,
                ...(method === 'GET' || method === 'HEAD' ? {} : { body }),
              },
            );
          } catch {
            return;
          }
          const rest = new URL(req.url).pathname.slice(prefix.length);
          const res = await service(req, rest, ctx);
          const text = await res.text();
          expect(res.status, `${method} ${prefix}${path} → ${text}`).toBeLessThan(500);
          expect(text).not.toMatch(/\n\s+at /);
        },
      ),
      { numRuns: 300 },
    );
  });
});
