import { createHash } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { apiTokenMessages, MAX_API_TOKENS } from '@tracker/contracts/api-tokens/http';
import { messages } from '@tracker/contracts/messages';
import { apiClient, useTestApp, type ApiUser } from './support/api-client.ts';
import { startTestApp } from './support/test-app.ts';

/** Requests per minute per token in this suite: small enough to reach, more than any other test sends with one token. */
const RATE_LIMIT = 30;
const app = useTestApp({ env: { API_TOKEN_RATE_LIMIT: String(RATE_LIMIT) } });
const { call, newUser, created } = apiClient(app);
/** How far this suite moved the app's clock: the app's now is Date.now() + shifted. */
let shifted = 0;
const advanceClock = (ms: number) => {
  shifted += ms;
  app.advanceClock(ms);
};

/** A token of `user`'s, made with their session. */
const tokenOf = async (user: ApiUser, scopes: string[], name = 'Script'): Promise<{ token: string; id: string }> => {
  const body = await created(user, '/tokens', { name, scopes });
  return { token: body.token, id: body.apiToken.id };
};
const as = (token: string) => ({ token });

const withDatabase = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: app.runtime.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

describe('creating and listing personal API tokens', () => {
  it('answers the token once, lists it without it, and authenticates with it as a bearer token', async () => {
    const user = await newUser();
    const res = await call(user, 'POST', '/tokens', { name: '  Home dashboard ', scopes: ['write', 'read'] });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^pt_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    expect(res.body.apiToken).toEqual({
      id: expect.any(String),
      name: 'Home dashboard',
      scopes: ['read', 'write'],
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    const listed = await call(user, 'GET', '/tokens');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ apiTokens: [res.body.apiToken] });
    expect(JSON.stringify(listed.body)).not.toContain(res.body.token.slice(-43));

    const me = await app.json('GET', '/api/auth/me', as(res.body.token));
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);
    const goal = await app.json('POST', '/api/goals/goals', { ...as(res.body.token), body: { title: 'Made by a script' } });
    expect(goal.status).toBe(201);
    expect((await call(user, 'GET', `/goals/goals/${goal.body.goal.id}`)).body.goal.title).toBe('Made by a script');
    // The README's example.
    expect((await app.json('POST', '/api/actionables', { ...as(res.body.token), body: { title: 'Water the plants' } })).status).toBe(201);
  });

  it('keeps the last use to the minute: the first use writes it, the next within a minute does not, a later one moves it', async () => {
    const user = await newUser();
    const { token, id } = await tokenOf(user, ['read']);
    const lastUsed = async () => (await call(user, 'GET', '/tokens')).body.apiTokens.find((t: { id: string }) => t.id === id).lastUsedAt as string | null;
    expect(await lastUsed()).toBeNull();
    expect((await app.json('GET', '/api/goals/goals', as(token))).status).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    advanceClock(30_000);
    expect((await app.json('GET', '/api/goals/goals', as(token))).status).toBe(200);
    expect(await lastUsed()).toBe(first);
    advanceClock(31_000);
    expect((await app.json('GET', '/api/goals/goals', as(token))).status).toBe(200);
    const later = await lastUsed();
    expect(Date.parse(later!) - Date.parse(first!)).toBeGreaterThanOrEqual(60_000);
  });

  it('refuses bad input naming the field, and creates nothing', async () => {
    const user = await newUser();
    const names: unknown[] = [undefined, '', '   ', 'x'.repeat(101), 'a\u0000b', 'x\ud800y', 42, null, ['a'], { a: 1 }];
    for (const name of names) {
      const res = await call(user, 'POST', '/tokens', { ...(name === undefined ? {} : { name }), scopes: ['read'] });
      expect([JSON.stringify(name), res.status]).toEqual([JSON.stringify(name), 400]);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('name');
    }
    const scopes: unknown[] = [undefined, [], ['write'], ['read', 'read'], ['admin'], 'read', ['read', 'write', 'read'], [null], ['READ'], { 0: 'read' }];
    for (const given of scopes) {
      const res = await call(user, 'POST', '/tokens', { name: 'Bad', ...(given === undefined ? {} : { scopes: given }) });
      expect([JSON.stringify(given), res.status]).toEqual([JSON.stringify(given), 400]);
      expect(res.body.errors.map((e: { field: string }) => e.field.split('.')[0])).toContain('scopes');
    }
    expect((await call(user, 'POST', '/tokens', { name: 'x'.repeat(100), scopes: ['read'] })).status).toBe(201);
    expect((await call(user, 'GET', '/tokens')).body.apiTokens).toHaveLength(1);
    expect((await call(user, 'DELETE', '/tokens/not-a-uuid')).status).toBe(400);
  });

  it(`holds at most ${MAX_API_TOKENS} tokens per account, also when creations race`, async () => {
    const user = await newUser();
    for (let i = 0; i < MAX_API_TOKENS - 2; i++) await tokenOf(user, ['read'], `Token ${i}`);
    const racing = await Promise.all(Array.from({ length: 5 }, (_, i) => call(user, 'POST', '/tokens', { name: `Racing ${i}`, scopes: ['read'] })));
    expect(racing.map((res) => res.status).sort()).toEqual([201, 201, 422, 422, 422]);
    expect((await call(user, 'GET', '/tokens')).body.apiTokens).toHaveLength(MAX_API_TOKENS);
    const { apiTokens } = (await call(user, 'GET', '/tokens')).body;
    expect((await call(user, 'DELETE', `/tokens/${apiTokens[0].id}`)).status).toBe(204);
    expect((await call(user, 'POST', '/tokens', { name: 'After a revocation', scopes: ['read'] })).status).toBe(201);
  });
});

describe('what a token may do', () => {
  it('a read-only token reads, and gets 403 on every change, which changes nothing', async () => {
    const user = await newUser();
    const goal = await created(user, '/goals/goals', { title: 'Mine' });
    const { token } = await tokenOf(user, ['read']);
    expect((await app.json('GET', '/api/goals/goals', as(token))).body.goals).toHaveLength(1);
    expect((await app.json('GET', '/api/settings', as(token))).status).toBe(200);
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/api/goals/goals', { title: 'Sneaked in' }],
      ['PATCH', `/api/goals/goals/${goal.goal.id}`, { title: 'Renamed' }],
      ['DELETE', `/api/goals/goals/${goal.goal.id}`, undefined],
      ['PUT', '/api/settings/timezone', { timezone: 'Asia/Tokyo' }],
      ['POST', '/api/actionables', { title: 'A to-do' }],
      ['POST', '/api/calendar/feed-url/rotate', {}],
    ];
    for (const [method, path, body] of writes) {
      const res = await app.json(method, path, { ...as(token), ...(body === undefined ? {} : { body }) });
      expect([method, path, res.status, res.body.message]).toEqual([method, path, 403, apiTokenMessages.readOnly]);
    }
    const goals = (await call(user, 'GET', '/goals/goals')).body.goals;
    expect(goals.map((g: { title: string }) => g.title)).toEqual(['Mine']);
    expect((await call(user, 'GET', '/settings')).body.settings.timezone).not.toBe('Asia/Tokyo');
  });

  it('no token, even a read-write one, manages tokens or changes the account: 403', async () => {
    const user = await newUser();
    const { token, id } = await tokenOf(user, ['read', 'write']);
    const refused: Array<[string, string, unknown]> = [
      ['GET', '/api/tokens', undefined],
      ['POST', '/api/tokens', { name: 'Another', scopes: ['read', 'write'] }],
      ['DELETE', `/api/tokens/${id}`, undefined],
      ['PUT', '/api/auth/me', { currentPassword: user.password, newPassword: 'taken over by a script' }],
      ['PUT', '/api/auth/me', { email: `thief.${Date.now()}@example.com` }],
      ['PUT', '/api/users/profile', { name: 'Renamed by a script' }],
    ];
    for (const [method, path, body] of refused) {
      const res = await app.json(method, path, { ...as(token), ...(body === undefined ? {} : { body }) });
      expect([method, path, res.status, res.body.message]).toEqual([method, path, 403, apiTokenMessages.sessionOnly]);
    }
    expect((await call(user, 'GET', '/tokens')).body.apiTokens.map((t: { id: string }) => t.id)).toEqual([id]);
    const me = (await call(user, 'GET', '/auth/me')).body.user;
    expect([me.name, me.email]).toEqual([user.name, user.email]);
    expect((await app.json('POST', '/api/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(200);
  });

  it('outlives a password change (the scripts go on); the account holder revokes it', async () => {
    const user = await newUser();
    const { token } = await tokenOf(user, ['read']);
    expect((await call(user, 'PUT', '/auth/me', { currentPassword: user.password, newPassword: 'a brand new one' })).status).toBe(200);
    expect((await app.json('GET', '/api/goals/goals', as(token))).status).toBe(200);
  });

  it('refuses malformed, unknown and forged tokens with 401', async () => {
    const user = await newUser();
    const { token } = await tokenOf(user, ['read']);
    const forged = [
      'pt_',
      'pt_nothing',
      `${token}x`,
      token.slice(0, -1),
      // The right id, another secret.
      `${token.slice(0, 36)}${'A'.repeat(43)}`,
      // Another id, the right secret.
      `pt_${'0'.repeat(32)}${token.slice(35)}`,
    ];
    for (const bearer of forged) {
      const res = await app.json('GET', '/api/goals/goals', as(bearer));
      expect([bearer, res.status, res.body.message]).toEqual([bearer, 401, messages.invalidToken]);
    }
    expect((await app.json('GET', '/api/goals/goals', as(token))).status).toBe(200);
  });
});

describe('revoking', () => {
  it('refuses the token at once, in this API process and in another that had just accepted it', async () => {
    const replica = await startTestApp({ databaseUrl: app.runtime.databaseUrl, role: 'api' });
    try {
      const user = await newUser();
      const { token, id } = await tokenOf(user, ['read', 'write']);
      const { token: kept } = await tokenOf(user, ['read'], 'Kept');
      for (const target of [app, replica]) expect((await target.json('GET', '/api/goals/goals', as(token))).status).toBe(200);
      expect((await call(user, 'DELETE', `/tokens/${id}`)).status).toBe(204);
      for (const target of [replica, app]) {
        const res = await target.json('GET', '/api/goals/goals', as(token));
        expect([res.status, res.body.message]).toEqual([401, messages.invalidToken]);
        expect((await target.json('POST', '/api/goals/goals', { ...as(token), body: { title: 'After revocation' } })).status).toBe(401);
        expect((await target.json('GET', '/api/goals/goals', as(kept))).status).toBe(200);
      }
      expect((await call(user, 'GET', '/tokens')).body.apiTokens.map((t: { name: string }) => t.name)).toEqual(['Kept']);
      expect((await call(user, 'DELETE', `/tokens/${id}`)).status).toBe(404);
    } finally {
      await replica.stop();
    }
  });

  it("another user's token id is a 404 for them, and their list never shows it", async () => {
    const owner = await newUser('Owner');
    const stranger = await newUser('Stranger');
    const { token, id } = await tokenOf(owner, ['read']);
    const res = await call(stranger, 'DELETE', `/tokens/${id}`);
    expect([res.status, res.body.message]).toEqual([404, apiTokenMessages.notFound]);
    expect((await call(stranger, 'GET', '/tokens')).body.apiTokens).toEqual([]);
    expect((await app.json('GET', '/api/goals/goals', as(token))).status).toBe(200);
    // The token reads its owner's data only.
    await created(stranger, '/goals/goals', { title: "Stranger's" });
    expect((await app.json('GET', '/api/goals/goals', as(token))).body.goals).toEqual([]);
  });
});

describe('with the account', () => {
  it("refuses a deactivated account's tokens, as its sessions", async () => {
    const user = await newUser();
    const { token } = await tokenOf(user, ['read']);
    expect((await app.json('GET', '/api/goals/goals', as(token))).status).toBe(200);
    // No route deactivates an account; the read model's flag is what every request checks.
    await withDatabase((client) => client.query(`UPDATE rm.users SET is_active = false WHERE id = $1`, [user.id]));
    // Session facts are read again within 2 s (session-facts.ts); asked every 250 ms, the token stays under its
    // per-minute limit (at the default 50 ms the poll itself earned a 429 before the 401 was due).
    await expect.poll(async () => (await app.json('GET', '/api/goals/goals', as(token))).status, { timeout: 10_000, interval: 250 }).toBe(401);
    expect((await app.json('GET', '/api/goals/goals', { token: user.token })).status).toBe(401);
  });
});

describe('at rest', () => {
  it('keeps only the SHA-256 of a token: the token is nowhere in the database', async () => {
    const user = await newUser();
    const { token, id } = await tokenOf(user, ['read', 'write']);
    const secret = token.slice(-43);
    await withDatabase(async (client) => {
      const row = await client.query(`SELECT * FROM ops.api_tokens WHERE id = $1`, [id]);
      expect(row.rows).toHaveLength(1);
      expect(row.rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      const anywhere = await client.query(
        `SELECT (SELECT count(*) FROM ops.api_tokens t WHERE row_to_json(t)::text LIKE $1)::int AS tokens,
                (SELECT count(*) FROM es.events e WHERE e.data::text LIKE $1 OR e.metadata::text LIKE $1)::int AS events,
                (SELECT count(*) FROM ops.rate_limit_hits h WHERE h.key LIKE $1)::int AS counters`,
        [`%${secret}%`],
      );
      expect(anywhere.rows[0]).toEqual({ tokens: 0, events: 0, counters: 0 });
    });
  });
});

describe('rate limit', () => {
  it(`answers 429 with Retry-After past ${RATE_LIMIT} requests a minute of one token; other tokens and the session go on; the next minute it is served again`, async () => {
    const user = await newUser();
    const { token } = await tokenOf(user, ['read']);
    const { token: other } = await tokenOf(user, ['read'], 'Other');
    // Counted per window of the app's clock: start at the beginning of one, so all fall in it.
    const windowLeft = 60_000 - ((Date.now() + shifted) % 60_000);
    if (windowLeft < 20_000) advanceClock(windowLeft + 100);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i++) statuses.push((await app.json('GET', '/api/goals/goals', as(token))).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const over = await app.json('GET', '/api/goals/goals', as(token));
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await app.json('GET', '/api/goals/goals', as(other))).status).toBe(200);
    expect((await call(user, 'GET', '/goals/goals')).status).toBe(200);
    advanceClock(60_000);
    expect((await app.json('GET', '/api/goals/goals', as(token))).status).toBe(200);
  });
});
