import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@tracker/contracts/messages';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    // Client addresses come from X-Forwarded-For, as behind a proxy, so a test can be several clients.
    env: { TRUST_PROXY: 'true' },
    rateLimits: {
      loginFailuresPerEmailAndIp: { limit: 3, windowSeconds: 600 },
      loginFailuresPerIp: { limit: 8, windowSeconds: 600 },
      registerPerEmail: { limit: 2, windowSeconds: 600 },
      registerPerIp: { limit: 6, windowSeconds: 600 },
      forgotPerEmail: { limit: 2, windowSeconds: 600 },
      forgotPerIp: { limit: 5, windowSeconds: 600 },
    },
  });
});
afterAll(async () => {
  await app?.stop();
});

let clients = 0;
/** A client at an address of its own. */
const client = () => {
  clients += 1;
  const headers = { 'x-forwarded-for': `203.0.113.${clients}` };
  return {
    login: (email: string, password: string) => app.json('POST', '/api/auth/login', { body: { email, password }, headers }),
    json: (method: string, path: string, options: { body?: unknown; token?: string }) => app.json(method, path, { ...options, headers }),
  };
};
const statuses = (responses: Array<{ status: number }>) => responses.map((r) => r.status);

describe('login protection', () => {
  it("counts a stranger's wrong passwords against the stranger: the owner, from their own address, still gets in", async () => {
    const owner = await app.registerUser('Owner');
    const stranger = client();
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await stranger.login(owner.email, 'wrong-guess'));
    expect(statuses(attempts)).toEqual([401, 401, 401, 429]);
    expect(attempts[3]!.body.message).toBe(messages.tooManyRequests);
    expect(Number(attempts[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password is refused to the address that has been failing…
    expect((await stranger.login(owner.email, owner.password)).status).toBe(429);
    // …but not to the owner's.
    expect((await client().login(owner.email, owner.password)).status).toBe(200);
  });

  it('clears a run of failures with a success from the same address', async () => {
    const user = await app.registerUser();
    const me = client();
    expect(statuses([await me.login(user.email, 'typo-1'), await me.login(user.email, 'typo-2')])).toEqual([401, 401]);
    expect((await me.login(user.email, user.password)).status).toBe(200);
    expect(statuses([await me.login(user.email, 'typo-3'), await me.login(user.email, 'typo-4')])).toEqual([401, 401]);
  });

  it('limits failures per address across e-mails (password spraying)', async () => {
    const sprayer = client();
    const attempts = [];
    for (let i = 0; i < 10; i++) attempts.push(await sprayer.login(`spray${i}@example.com`, 'guess-guess'));
    expect(statuses(attempts)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('counts current-password checks as login attempts', async () => {
    const user = await app.registerUser();
    const thief = client();
    const change = (currentPassword: string) =>
      thief.json('PUT', '/api/users/profile', { token: user.token, body: { currentPassword, newPassword: 'a whole new password' } });
    expect(statuses([await change('guess-1'), await change('guess-2'), await change('guess-3'), await change('guess-4')])).toEqual([400, 400, 400, 429]);
    // Logging in with that e-mail from that address is refused too: one counter for both.
    expect((await thief.login(user.email, user.password)).status).toBe(429);
    expect((await client().login(user.email, user.password)).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits forgot-password per e-mail', async () => {
    const body = { email: 'someone@example.com' };
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await app.json('POST', '/api/auth/forgot-password', { body }));
    expect(statuses(results)).toEqual([200, 200, 429]);
  });

  it('limits registrations per e-mail', async () => {
    const body = { name: 'Spam', email: `spam.${Date.now()}@example.com`, password: 'password-1' };
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await app.json('POST', '/api/auth/register', { body }));
    expect(statuses(results)).toEqual([201, 409, 429]);
  });
});
