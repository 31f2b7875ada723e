import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@tracker/contracts/messages';
import { defaultRateLimits } from '../src/config/config.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    // Client addresses come from X-Forwarded-For, as behind a proxy, so a test can be several clients.
    env: { TRUST_PROXY: 'true' },
    rateLimits: {
      loginFailuresPerEmailAndIp: { limit: 3, windowSeconds: 600 },
      // Steps: 8 failures a minute, then 12 in five minutes.
      loginFailuresPerIp: [
        { limit: 8, windowSeconds: 60 },
        { limit: 12, windowSeconds: 300 },
      ],
      registerPerEmail: { limit: 2, windowSeconds: 600 },
      registerPerIp: { limit: 20, windowSeconds: 600 },
      forgotPerEmail: { limit: 2, windowSeconds: 300 },
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

/** Where the app's clock stands relative to the real one (only this file moves it, forward). */
let offset = 0;
const advance = (ms: number) => {
  offset += ms;
  app.advanceClock(ms);
};
/** Puts the app's clock at the start of a 10-minute window (every window here divides it), so counts start from zero. */
const startOfWindows = () => advance(600_000 - ((Date.now() + offset) % 600_000));
const retryAfter = (response: { headers: Headers }) => Number(response.headers.get('retry-after'));

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
    startOfWindows();
    const sprayer = client();
    const attempts = [];
    for (let i = 0; i < 10; i++) attempts.push(await sprayer.login(`spray${i}@example.com`, 'guess-guess'));
    expect(statuses(attempts)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('slows an address that keeps failing step by step, never shutting out everyone behind it for long', async () => {
    startOfWindows();
    // A shared office network: one address, an attacker and a colleague behind it.
    const office = client();
    const colleague = await app.registerUser('Colleague');
    const spray = async (from: number, to: number) => {
      const answers = [];
      for (let i = from; i < to; i++) answers.push(await office.login(`office-spray${i}@example.com`, 'guess-guess'));
      return answers;
    };
    const first = await spray(0, 9);
    expect(statuses(first)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
    // The first step is short: a minute at most, for everyone behind the address…
    const wait = retryAfter(first[8]!);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await office.login(colleague.email, colleague.password)).status).toBe(429);
    // …after which the colleague, with the right password, gets in.
    advance(wait * 1000);
    expect((await office.login(colleague.email, colleague.password)).status).toBe(200);
    // The attacker who goes on reaches the next step sooner, and waits longer — still minutes, not a day.
    const second = await spray(9, 14);
    expect(statuses(second)).toEqual([401, 401, 401, 401, 429]);
    const longer = retryAfter(second[4]!);
    expect(longer).toBeLessThanOrEqual(300);
    advance(longer * 1000);
    expect((await office.login(colleague.email, colleague.password)).status).toBe(200);
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
  it("answers forgot-password alike however often a stranger asks; extra mails are not sent, and the owner's request after a short wait is", async () => {
    startOfWindows();
    const owner = await app.registerUser('Owner');
    const resetMails = () => app.mails.filter((mail) => mail.to === owner.email && mail.link?.includes('/reset-password'));
    const ask = (email: string) =>
      app.request('POST', '/api/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': `198.51.100.${(clients += 1)}` } });
    const answerOf = async (response: Response) => ({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() });
    // A stranger, from addresses of their own, asks six times for the owner's address, and once for nobody's.
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await answerOf(await ask(owner.email)));
    const nobody = await answerOf(await ask(`nobody.${Date.now()}@example.com`));
    expect(new Set([...answers, nobody].map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(nobody).toMatchObject({ status: 200, retryAfter: null });
    // The owner, a few minutes later, from their own address: one more mail (the mail reactor goes in order, so the
    // strangers' requests have all been acted on by then: two mails, the per-account allowance).
    advance(300_000);
    expect(await answerOf(await ask(owner.email))).toEqual(nobody);
    for (let i = 0; i < 250 && resetMails().length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    expect(resetMails()).toHaveLength(3);
    const token = new URL(resetMails()[2]!.link!).searchParams.get('token');
    expect((await app.json('POST', '/api/auth/reset-password', { body: { token, newPassword: 'owner-got-the-mail' } })).status).toBe(200);
  });

  it('limits registrations per e-mail', async () => {
    const body = { name: 'Spam', email: `spam.${Date.now()}@example.com`, password: 'password-1' };
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await app.json('POST', '/api/auth/register', { body }));
    expect(statuses(results)).toEqual([201, 409, 429]);
  });
});

describe('the shipped login limits', () => {
  it('slow a spraying address down by minutes, never a day: a colleague behind it gets in after each short wait, past 100 failures', async () => {
    const shipped = await startTestApp({ env: { TRUST_PROXY: 'true' }, rateLimits: defaultRateLimits });
    try {
      const headers = { 'x-forwarded-for': '192.0.2.77' };
      const login = (email: string, password: string) => shipped.json('POST', '/api/auth/login', { body: { email, password }, headers });
      const colleague = await shipped.registerUser('Colleague');
      // Begin at the top of a quarter hour, where every step's window starts: a run that crossed a
      // minute boundary among its first failures met the five-minute step first (a 240 s first wait).
      const quarter = 15 * 60_000;
      shipped.advanceClock(quarter - (Date.now() % quarter));
      const waits: number[] = [];
      let failures = 0;
      while (failures < 110) {
        // A few at a time, as a sprayer would (and the test is quicker).
        const batch = await Promise.all([0, 1, 2, 3, 4].map((i) => login(`sprayer${failures}.${i}@example.com`, 'guess-guess')));
        failures += batch.filter((answer) => answer.status === 401).length;
        const refused = batch.filter((answer) => answer.status !== 401);
        if (refused.length === 0) continue;
        expect(statuses(refused)).toEqual(refused.map(() => 429));
        const wait = Math.max(...refused.map(retryAfter));
        waits.push(wait);
        // The attacker is slowed, and so is everyone behind the address — for minutes at most.
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(15 * 60);
        expect((await login(colleague.email, colleague.password)).status).toBe(429);
        shipped.advanceClock(wait * 1000);
        expect((await login(colleague.email, colleague.password)).status).toBe(200);
      }
      // Slowed from the first dozen failures on, the first wait a minute at most.
      expect(waits.length).toBeGreaterThan(1);
      expect(waits[0]).toBeLessThanOrEqual(60);
    } finally {
      await shipped.stop();
    }
  }, 120_000);
});
