import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../src/webhooks/address-policy.ts';
import { createWebhookSender } from '../src/webhooks/sender.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/**
 * Webhooks against a real HTTP receiver started here, the one host the app is told to allow
 * (WEBHOOK_ALLOW_HOSTS=127.0.0.1:<its port>). Each path of the receiver behaves as the test says:
 * answers, fails, hangs past the app's timeout, answers slowly, redirects.
 */
type Mode = 'ok' | 'fail' | 'hang' | 'slow' | 'redirect';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

const received: Received[] = [];
/** Per path: the modes of the next answers, in turn; the last one stays. */
const scripts = new Map<string, Mode[]>();
let receiver: http.Server;
let port: number;
let app: TestApp;

const TIMEOUT_MS = 600;

const nextMode = (path: string): Mode => {
  const script = scripts.get(path) ?? ['ok'];
  return script.length > 1 ? script.shift()! : script[0]!;
};

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const mode = nextMode(path);
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      if (mode === 'ok') res.writeHead(204).end();
      else if (mode === 'fail') res.writeHead(500).end('down');
      else if (mode === 'redirect') res.writeHead(302, { location: 'http://10.0.0.1/' }).end();
      else if (mode === 'slow') setTimeout(() => res.writeHead(200).end('ok'), TIMEOUT_MS / 2);
      // 'hang': never answers; the app's timeout ends it.
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  app = await startTestApp({
    env: {
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${port}`,
      WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
      WEBHOOK_RETRY_BASE_MS: '100',
      WEBHOOK_RETRY_MAX_MS: '800',
      WEBHOOK_PAUSE_AFTER: '4',
      WEBHOOK_POLL_MS: '50',
    },
  });
});
afterAll(async () => {
  await app?.stop();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** The documented rule, written from the README: v1,base64(HMAC-SHA256(base64-decoded secret after whsec_, "id.timestamp.body")), timestamp within 5 minutes. */
const verify = (secret: string, headers: http.IncomingHttpHeaders, body: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean => {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((candidate) => {
    const [version, value] = candidate.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
};

const waitFor = async <T>(what: string, find: () => T | undefined | false | Promise<T | undefined | false>, ms = 20_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found) return found;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 40));
  }
};

const at = (path: string) => received.filter((r) => r.path === path);
const payloads = (path: string) => at(path).map((r) => JSON.parse(r.body) as { id: string; type: string; position: string; occurredAt: string; data: any });

const subscribe = async (token: string, path: string, events: string[]) => {
  const res = await app.json('POST', '/api/webhooks', { token, body: { url: `http://127.0.0.1:${port}${path}`, events } });
  expect(res.status).toBe(201);
  return res.body.webhook as { id: string; secret: string; status: string };
};

const createGoals = async (token: string, titles: string[]) => {
  const ids: string[] = [];
  for (const title of titles) {
    const res = await app.json('POST', '/api/goals/goals', { token, body: { title } });
    expect(res.status).toBe(201);
    ids.push(res.body.goal.id);
  }
  return ids;
};

describe('webhooks', () => {
  it('delivers every subscribed event of the user, signed, in log order, and none of another user', async () => {
    const owner = await app.registerUser('Hooked');
    const stranger = await app.registerUser('Stranger');
    const hook = await subscribe(owner.token, '/owner', ['GoalCreated', 'GoalStatusChanged']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(hook.status).toBe('active');
    // Listed without the secret.
    const listed = await app.json('GET', '/api/webhooks', { token: owner.token });
    expect(listed.body.webhooks).toHaveLength(1);
    expect(listed.body.webhooks[0]).not.toHaveProperty('secret');

    const titles = Array.from({ length: 8 }, (_, i) => `Goal ${i}`);
    const ids = await createGoals(owner.token, titles);
    await createGoals(stranger.token, ['Not yours 1', 'Not yours 2']);
    await waitFor('8 deliveries', () => payloads('/owner').length >= 8);
    await new Promise((r) => setTimeout(r, 300));

    const got = payloads('/owner');
    expect(got.map((p) => p.data.goalId)).toEqual(ids);
    expect(got.every((p) => p.type === 'GoalCreated' && p.data.userId === owner.user.id)).toBe(true);
    expect(new Set(got.map((p) => p.id)).size).toBe(8);
    for (const r of at('/owner')) {
      expect(verify(hook.secret, r.headers, r.body)).toBe(true);
      expect(r.headers['webhook-id']).toBe(JSON.parse(r.body).id);
      // A tampered body, another secret, or an old timestamp does not verify.
      expect(verify(hook.secret, r.headers, r.body.replace('Goal', 'Goat'))).toBe(false);
      expect(verify('whsec_' + Buffer.alloc(32, 1).toString('base64'), r.headers, r.body)).toBe(false);
      expect(verify(hook.secret, r.headers, r.body, Number(r.headers['webhook-timestamp']) + 301)).toBe(false);
    }
    expect(received.some((r) => r.body.includes('Not yours'))).toBe(false);

    const log = await app.json('GET', `/api/webhooks/${hook.id}/deliveries`, { token: owner.token });
    expect(log.status).toBe(200);
    expect(log.body.deliveries).toHaveLength(8);
    expect(log.body.deliveries.every((d: any) => d.status === 'delivered' && d.lastStatusCode === 204 && d.attempts === 1)).toBe(true);
    // Another user sees no such webhook.
    expect((await app.json('GET', `/api/webhooks/${hook.id}/deliveries`, { token: stranger.token })).status).toBe(404);
    expect((await app.json('DELETE', `/api/webhooks/${hook.id}`, { token: stranger.token })).status).toBe(404);
  });

  it('retries a receiver that fails, times out, answers slowly and comes back: backoff, then every event delivered in order', async () => {
    const user = await app.registerUser('Flaky');
    scripts.set('/flaky', ['fail', 'hang', 'redirect', 'slow', 'fail', 'ok']);
    const hook = await subscribe(user.token, '/flaky', ['GoalCreated']);
    const ids = await createGoals(user.token, ['F1', 'F2', 'F3']);
    await waitFor('3 delivered', async () => {
      const log = await app.json('GET', `/api/webhooks/${hook.id}/deliveries`, { token: user.token });
      return log.body.deliveries.length === 3 && log.body.deliveries.every((d: any) => d.status === 'delivered');
    });
    const attempts = at('/flaky');
    // The first event took four failed tries (500, timeout, redirect, and the slow 200 counts as success).
    const firstId = JSON.parse(attempts[0]!.body).id;
    const firstTries = attempts.filter((r) => JSON.parse(r.body).id === firstId);
    expect(firstTries.length).toBe(4);
    // Backoff: each retry waited longer than the poll, growing (with jitter: at least half the doubled base).
    const gaps = firstTries.slice(1).map((r, i) => r.at - firstTries[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(50);
    expect(gaps[2]).toBeGreaterThanOrEqual(200);
    // Order kept: nothing of event 2 before event 1 was delivered; the receiver saw each id in log order.
    const firstSeen = [...new Map(attempts.map((r) => [JSON.parse(r.body).data.goalId as string, true])).keys()];
    expect(firstSeen).toEqual(ids);
    const log = await app.json('GET', `/api/webhooks/${hook.id}/deliveries`, { token: user.token });
    const oldest = log.body.deliveries.at(-1);
    expect(oldest.attempts).toBe(4);
    expect(oldest.lastStatusCode).toBe(200);
  });

  it('pauses after repeated failures with a notice, and resume delivers what waited and redelivers from a position', async () => {
    const user = await app.registerUser('Down');
    scripts.set('/down', ['fail']);
    const hook = await subscribe(user.token, '/down', ['GoalCreated']);
    const ids = await createGoals(user.token, ['D1', 'D2']);
    const paused = await waitFor('paused', async () => {
      const list = await app.json('GET', '/api/webhooks', { token: user.token });
      const found = list.body.webhooks.find((w: any) => w.id === hook.id);
      return found.status === 'paused' ? found : undefined;
    });
    expect(paused.notice).toMatch(/4 failed attempts in a row.*answered 500/);
    // …and mailed to the user, once.
    const pauseMails = () => app.mails.filter((m) => m.to === user.email && m.subject === 'A webhook of yours is paused');
    const mailed = await waitFor('the pause mail', () => pauseMails().length > 0 && pauseMails());
    expect(mailed).toHaveLength(1);
    expect(mailed[0]!.text).toContain(`127.0.0.1:${port}/down`);
    expect(paused.pending).toBe(2);
    const triesWhilePaused = at('/down').length;
    expect(triesWhilePaused).toBe(4);
    // Only the head was tried: order is kept, the second waits.
    expect(at('/down').every((r) => JSON.parse(r.body).data.goalId === ids[0])).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(at('/down').length).toBe(triesWhilePaused);
    const log = await app.json('GET', `/api/webhooks/${hook.id}/deliveries`, { token: user.token });
    expect(log.body.deliveries.at(-1)).toMatchObject({ status: 'pending', attempts: 4, lastStatusCode: 500 });

    scripts.set('/down', ['ok']);
    const resumed = await app.json('POST', `/api/webhooks/${hook.id}/resume`, { token: user.token, body: {} });
    expect(resumed.status).toBe(200);
    expect(resumed.body.webhook.status).toBe('active');
    const delivered = await waitFor('both delivered', async () => {
      const res = await app.json('GET', `/api/webhooks/${hook.id}/deliveries`, { token: user.token });
      return res.body.deliveries.every((d: any) => d.status === 'delivered') ? res : undefined;
    });
    expect(delivered.body.deliveries.map((d: any) => d.lastStatusCode)).toEqual([204, 204]);
    expect(at('/down').filter((r) => JSON.parse(r.body).data.goalId === ids[1])).toHaveLength(1);

    // Redeliver from the first event's position: both go out again, in order.
    const before = at('/down').length;
    const from = delivered.body.deliveries.at(-1).position;
    expect((await app.json('POST', `/api/webhooks/${hook.id}/resume`, { token: user.token, body: { fromPosition: from } })).status).toBe(200);
    await waitFor('redelivered', () => at('/down').length >= before + 2);
    expect(
      at('/down')
        .slice(before)
        .map((r) => JSON.parse(r.body).data.goalId),
    ).toEqual(ids);
    expect((await app.json('POST', `/api/webhooks/${hook.id}/resume`, { token: user.token, body: { fromPosition: 'nowhere' } })).status).toBe(400);

    expect((await app.json('DELETE', `/api/webhooks/${hook.id}`, { token: user.token })).status).toBe(204);
    expect((await app.json('GET', '/api/webhooks', { token: user.token })).body.webhooks).toHaveLength(0);
  });

  it('refuses loopback, private and link-local URLs at creation without the allow (400 naming url)', async () => {
    const user = await app.registerUser('Ssrf');
    for (const url of [
      `http://127.0.0.1:${port + 1 === 65536 ? port - 1 : port + 1}/x`,
      'http://127.0.0.1/x',
      'http://10.0.0.1/x',
      'http://10.255.1.2:8080/x',
      'http://169.254.169.254/latest/meta-data',
      `http://[::1]:${port}/x`,
      'http://[::ffff:127.0.0.1]/x',
      'http://[fe80::1]/x',
      'http://192.168.1.1/x',
      'http://172.16.0.1/x',
      'http://0.0.0.0/x',
      `http://localhost:${port}/x`,
      'http://2130706433/x', // 127.0.0.1 as one number
    ]) {
      const res = await app.json('POST', '/api/webhooks', { token: user.token, body: { url, events: ['GoalCreated'] } });
      expect(res.status, url).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        url,
      ).toContain('url');
    }
    expect((await app.json('GET', '/api/webhooks', { token: user.token })).body.webhooks).toHaveLength(0);
  });

  it('checks the address again at delivery (DNS rebinding) and connects to the address it checked', async () => {
    let answer = '93.184.215.14';
    const policy = createAddressPolicy([], async () => [{ address: answer, family: 4 }]);
    // At creation the name pointed outward…
    await expect(policy.resolve(new URL(`http://hooks.example.test:${port}/rebind`))).resolves.toMatchObject({ address: '93.184.215.14' });
    // …by delivery it points at the receiver on loopback: refused, nothing sent.
    answer = '127.0.0.1';
    const send = createWebhookSender({ policy, timeoutMs: 500, maxResponseBytes: 1024 });
    const outcome = await send(`http://hooks.example.test:${port}/rebind`, {}, '{}');
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/refused: .*127\.0\.0\.1/);
    for (const inward of ['10.1.1.1', '169.254.169.254', '::1', 'fd00::1']) {
      answer = inward;
      expect((await send(`http://hooks.example.test:${port}/rebind`, {}, '{}')).error).toMatch(/^refused/);
    }
    expect(at('/rebind')).toHaveLength(0);
    // With the allow, the name is connected to the address resolved (no second lookup): the receiver gets it.
    const allowed = createWebhookSender({
      policy: createAddressPolicy([`hooks.example.test:${port}`], async () => [{ address: '127.0.0.1', family: 4 }]),
      timeoutMs: 500,
      maxResponseBytes: 1024,
    });
    expect(await allowed(`http://hooks.example.test:${port}/rebind`, {}, '{}')).toMatchObject({ ok: true, statusCode: 204 });
    expect(at('/rebind')[0]!.headers.host).toBe(`hooks.example.test:${port}`);
  });

  it('answers bad input with 400 naming the field, never a 5xx', async () => {
    const user = await app.registerUser('Fuzz');
    const base = `http://127.0.0.1:${port}/fuzz`;
    const cases: Array<[unknown, string]> = [
      [{ url: `${base}/${'a'.repeat(100_000)}`, events: ['GoalCreated'] }, 'url'],
      [{ url: `${base}/\u0000`, events: ['GoalCreated'] }, 'url'],
      [{ url: `${base}/\uD800`, events: ['GoalCreated'] }, 'url'],
      [{ url: 'file:///etc/passwd', events: ['GoalCreated'] }, 'url'],
      [{ url: 'javascript:alert(1)', events: ['GoalCreated'] }, 'url'],
      [{ url: 'ftp://example.com/', events: ['GoalCreated'] }, 'url'],
      [{ url: 'http://user:pass@example.com/', events: ['GoalCreated'] }, 'url'],
      [{ url: 'not a url', events: ['GoalCreated'] }, 'url'],
      [{ url: '', events: ['GoalCreated'] }, 'url'],
      [{ url: 42, events: ['GoalCreated'] }, 'url'],
      [{ events: ['GoalCreated'] }, 'url'],
      [{ url: base, events: [] }, 'events'],
      [{ url: base, events: ['UserRegistered'] }, 'events.0'],
      [{ url: base, events: ['Goal\u0000Created'] }, 'events.0'],
      [{ url: base, events: 'GoalCreated' }, 'events'],
      [{ url: base, events: Array.from({ length: 10_000 }, () => 'GoalCreated') }, 'events'],
    ];
    for (const [body, field] of cases) {
      const res = await app.json('POST', '/api/webhooks', { token: user.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(body).slice(0, 80),
      ).toContain(field);
    }
    const resume = await app.json('POST', `/api/webhooks/not-an-id/resume`, { token: user.token, body: {} });
    expect(resume.status).toBe(400);
    expect((await app.json('GET', '/api/webhooks')).status).toBe(401);
    expect((await app.json('GET', '/api/webhooks', { token: user.token })).body.webhooks).toHaveLength(0);
  });
});
