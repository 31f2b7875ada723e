import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type RunningPostgres } from '../src/db/embedded-postgres.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { freePort } from './support/product-process.ts';

/** A database of its own that the test stops and starts again (on the same port, as a restart or failover would). */
describe('while the database is down', () => {
  let dir: string;
  let port: number;
  let postgres: RunningPostgres | undefined;
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tracker-db-down-'));
    port = await freePort();
    postgres = await startEmbeddedPostgres({ dir, persistent: true, port, supervise: false });
    await postgres.createDatabase('tracker');
    app = await startTestApp({ databaseUrl: postgres.url('tracker') });
    token = (await app.registerUser()).token;
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await postgres?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers commands and reads 503 with Retry-After (never 500), stays live, and is not ready', async () => {
    const created = await app.json('POST', '/api/goals/goals', { token, body: { title: 'Before' } });
    expect(created.status).toBe(201);
    await postgres!.stop();
    postgres = undefined;

    const command = await app.json('POST', '/api/goals/goals', { token, body: { title: 'While down' }, headers: { 'idempotency-key': 'while-down-1' } });
    expect(command.status).toBe(503);
    expect(command.headers.get('retry-after')).toBe('2');
    expect(command.headers.get('content-type')).toContain('application/problem+json');
    expect(command.body).toMatchObject({ status: 503, code: 'service_unavailable' });
    expect(command.body.requestId).toBeUndefined();

    const read = await app.json('GET', `/api/goals/goals/${created.body.goal.id}`, { token });
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toBe('2');

    expect((await app.json('GET', '/api/health')).status).toBe(200);
    const ready = await app.json('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'not_ready', readModels: 'unreachable' });
  }, 30_000);

  it('serves again once the database is back, and the retried command is stored once', async () => {
    postgres = await startEmbeddedPostgres({ dir, persistent: true, port, supervise: false });
    const deadline = Date.now() + 15_000;
    let answer = await app.json('POST', '/api/goals/goals', { token, body: { title: 'While down' }, headers: { 'idempotency-key': 'while-down-1' } });
    while (answer.status !== 201 && Date.now() < deadline) {
      expect(answer.status).toBe(503);
      await sleep(100);
      answer = await app.json('POST', '/api/goals/goals', { token, body: { title: 'While down' }, headers: { 'idempotency-key': 'while-down-1' } });
    }
    expect(answer.status).toBe(201);
    const again = await app.json('POST', '/api/goals/goals', { token, body: { title: 'While down' }, headers: { 'idempotency-key': 'while-down-1' } });
    expect(again.body.goal.id).toBe(answer.body.goal.id);
    const list = await app.json('GET', '/api/goals/goals', { token });
    expect((list.body.goals as Array<{ title: string }>).map((g) => g.title).sort()).toEqual(['Before', 'While down']);
  }, 30_000);
});
