import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureAuth } from '../../supabase/local/src/auth/index.ts';
import { DEMO_LEARNER, signIn, startAppServer, type AppServer } from './support/server.ts';

// Finding: a refresh token that had already been rotated, presented 12 s later (past the
// reuse window), answered 200 with the live session's tokens. Now reuse past the window
// revokes the whole token family and ends the session, as GoTrue's reuse detection does; a
// reuse inside the window keeps the documented lost-response behaviour.

type Session = { access_token: string; refresh_token: string };
type AuthErrorBody = { code: string; error_code: string; msg: string };

describe('refresh-token reuse', () => {
  let server: AppServer;
  const refresh = (token: string) =>
    fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: server.ctx.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: token }),
    });
  const user = (access: string) =>
    fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.ctx.keys.anonKey, authorization: `Bearer ${access}` },
    });

  beforeAll(async () => {
    server = await startAppServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('inside the reuse window: the rotated parent gets the live token back, nothing is revoked', async () => {
    configureAuth(server.ctx, { refreshTokenReuseIntervalSeconds: 10 });
    const login = await signIn(server.url, server.ctx.keys.anonKey, DEMO_LEARNER);
    const rotated = (await (await refresh(login.refresh_token)).json()) as Session;
    const again = await refresh(login.refresh_token);
    expect(again.status).toBe(200);
    expect(((await again.json()) as Session).refresh_token).toBe(rotated.refresh_token);
    const next = await refresh(rotated.refresh_token);
    expect(next.status).toBe(200);
  });

  it('past the window: the stolen rotated token is refused and the live token and session die with it', async () => {
    const login = await signIn(server.url, server.ctx.keys.anonKey, DEMO_LEARNER);
    const rotated = await refresh(login.refresh_token);
    expect(rotated.status).toBe(200);
    const live = (await rotated.json()) as Session;
    // The window is 0 s: the rotated token's age (milliseconds) is past it, as 12 s is past 10.
    configureAuth(server.ctx, { refreshTokenReuseIntervalSeconds: 0 });
    try {
      const stolen = await refresh(login.refresh_token);
      expect(stolen.status).toBe(400);
      expect((await stolen.json()) as AuthErrorBody).toMatchObject({
        code: 'refresh_token_already_used',
        msg: 'Invalid Refresh Token: Already Used',
      });
      const owner = await refresh(live.refresh_token);
      expect(owner.status).toBe(400);
      const session = await user(live.access_token);
      expect(session.status).toBe(403);
      expect(((await session.json()) as AuthErrorBody).code).toBe('session_not_found');
    } finally {
      configureAuth(server.ctx, { refreshTokenReuseIntervalSeconds: 10 });
    }
  });
});
