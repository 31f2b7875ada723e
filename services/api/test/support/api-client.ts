import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from './test-app.ts';

/** A registered account as the integration specs use it. */
export interface ApiUser {
  id: string;
  token: string;
  email: string;
  password: string;
  name: string;
  timezone: string;
}

type Answer = Awaited<ReturnType<TestApp['json']>>;

/**
 * One app for a spec file: started before its tests, stopped after them. The answer stands for that
 * app (read it inside tests and hooks, not at module load), so specs write `app.json(…)` as before.
 */
export const useTestApp = (options?: Parameters<typeof startTestApp>[0]): TestApp => {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(options);
  });
  afterAll(async () => {
    await started?.stop();
  });
  return new Proxy({} as TestApp, {
    get: (_target, key) => {
      if (!started) throw new Error(`the test app is not started yet (read app.${String(key)} inside a test or hook)`);
      return Reflect.get(started, key);
    },
  });
};

const failed = (what: string, res: Answer) => new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);

/** The calls every integration spec makes as a user: register, call a route, create, succeed. */
export const apiClient = (app: TestApp | (() => TestApp)) => {
  const current = typeof app === 'function' ? app : () => app;
  /** `path` is below `/api`. */
  const call = (user: { token: string }, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    current().json(method, `/api${path}`, { token: user.token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
  /**
   * A fresh account; with `timezone`, registered in that zone, so its days count there from the
   * start (a later change of zone waits for the end of the day it is made on, when the date there differs).
   */
  const newUser = async (name = 'Test User', timezone?: string): Promise<ApiUser> => {
    const { token, user, email, password } = await current().registerUser(name, timezone);
    if (timezone && user.timezone !== timezone) throw new Error(`registered in ${String(user.timezone)}, not ${timezone}`);
    return { id: user.id as string, token, email, password, name, timezone: user.timezone as string };
  };
  /** A POST that must answer 201; its body. */
  const created = async (user: { token: string }, path: string, body: unknown) => {
    const res = await call(user, 'POST', path, body);
    if (res.status !== 201) throw failed(path, res);
    return res.body;
  };
  /** A call that must succeed (any 2xx); its body. Without a body, `{}` is sent. */
  const ok = async (user: { token: string }, method: string, path: string, body?: unknown) => {
    const res = await call(user, method, path, body ?? {});
    if (res.status >= 300) throw failed(`${method} ${path}`, res);
    return res.body;
  };
  /** Signs in again with the account's password: a new token (one lives a week: a case that moves the clock further needs another). */
  const signIn = async (user: ApiUser): Promise<ApiUser> => {
    const res = await call(user, 'POST', '/auth/login', { email: user.email, password: user.password });
    if (res.status !== 200) throw failed('login', res);
    return { ...user, token: res.body.token };
  };
  return { call, newUser, created, ok, signIn };
};
