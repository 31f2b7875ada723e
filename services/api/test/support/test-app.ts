import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import type { Projector } from '@tracker/projections/projector';
import { loadConfig, type Config } from '../../src/config/config.ts';
import type { Mail, Mailer } from '../../src/mail/mailer.ts';
import { startRuntime, type Role, type Runtime } from '../../src/process/runtime.ts';

export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

const generousLimits: Config['rateLimits'] = {
  loginFailuresPerEmailAndIp: { limit: 1000, windowSeconds: 60 },
  loginFailuresPerIp: [{ limit: 10_000, windowSeconds: 60 }],
  registerPerEmail: { limit: 1000, windowSeconds: 60 },
  registerPerIp: { limit: 10_000, windowSeconds: 60 },
  forgotPerEmail: { limit: 1000, windowSeconds: 60 },
  forgotPerIp: { limit: 10_000, windowSeconds: 60 },
};

export interface TestApp {
  url: string;
  runtime: Runtime;
  config: Config;
  mails: Mail[];
  /** Moves the app's clock; commands see the shifted time. */
  advanceClock(ms: number): void;
  request(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<Response>;
  json<T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  /** A fresh account; with `timezone`, registered in that zone (its days count there from the start). */
  registerUser(name?: string, timezone?: string): Promise<{ token: string; user: any; email: string; password: string }>;
  stop(): Promise<void>;
}

let counter = 0;

/** The real thing over real HTTP: a fresh database, the whole runtime, an in-memory mailbox (unless SMTP is given). */
export const startTestApp = async (
  options: {
    env?: NodeJS.ProcessEnv;
    rateLimits?: Config['rateLimits'];
    role?: Role;
    mailer?: Mailer;
    extraProjectors?: Projector[];
    /** Another app's database (a restart); a fresh one otherwise. */
    databaseUrl?: string;
    /** The projections on a thread of their own, as `npm start` runs them. */
    projectionsOnThread?: boolean;
  } = {},
): Promise<TestApp> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tracker-app-'));
  const databaseUrl = options.databaseUrl ?? (await createTestDatabase('app'));
  const config: Config = {
    ...loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      ...options.env,
    }),
    rateLimits: options.rateLimits ?? generousLimits,
  };
  const mails: Mail[] = [];
  let offset = 0;
  const runtime = await startRuntime(config, {
    role: options.role ?? 'all',
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    mailer: options.env?.SMTP_URL ? undefined : (options.mailer ?? { send: async (mail) => void mails.push(mail) }),
    clock: () => new Date(Date.now() + offset),
    // Every answer in every test is checked against its route's declared response schema.
    checkResponses: true,
    ...(options.extraProjectors ? { extraProjectors: options.extraProjectors } : {}),
    projectionsOnThread: options.projectionsOnThread ?? false,
  });
  const url = runtime.url!;

  const request: TestApp['request'] = (method, p, o = {}) =>
    fetch(`${url}${p}`, {
      method,
      headers: {
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...o.headers,
      },
      ...(o.body !== undefined ? { body: typeof o.body === 'string' ? o.body : JSON.stringify(o.body) } : {}),
    });
  const json: TestApp['json'] = async (method, p, o) => {
    const response = await request(method, p, o);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };

  return {
    url,
    runtime,
    config,
    mails,
    advanceClock: (ms) => void (offset += ms),
    request,
    json,
    async registerUser(name = 'Test User', timezone?: string) {
      counter += 1;
      const email = `user${counter}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
      const password = 'correct horse battery';
      const res = await json('POST', '/api/auth/register', { body: { name, email, password, ...(timezone ? { timezone } : {}) } });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { ...res.body, email, password };
    },
    async stop() {
      await runtime.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};
