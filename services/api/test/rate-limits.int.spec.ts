import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@tracker/contracts/messages';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    rateLimits: {
      loginPerEmail: { limit: 3, windowSeconds: 600 },
      loginPerIp: { limit: 8, windowSeconds: 600 },
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

const statuses = (responses: Array<{ status: number }>) => responses.map((r) => r.status);

describe('rate limits', () => {
  it('limits login attempts per e-mail, with Retry-After', async () => {
    const body = { email: 'target@example.com', password: 'guess-guess' };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await app.json('POST', '/api/auth/login', { body }));
    expect(statuses(results)).toEqual([401, 401, 401, 429]);
    expect(results[3]!.body.message).toBe(messages.tooManyRequests);
    expect(Number(results[3]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits login attempts per address across e-mails', async () => {
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await app.json('POST', '/api/auth/login', { body: { email: `spray${i}@example.com`, password: 'guess-guess' } }));
    // 4 hits came from the test above: the address allows 8.
    expect(statuses(results)).toEqual([401, 401, 401, 401, 429, 429]);
  });

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
