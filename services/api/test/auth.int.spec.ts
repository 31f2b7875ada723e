import { SignJWT, UnsecuredJWT, type ProduceJWT } from 'jose';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { messages } from '@tracker/contracts/messages';
import { startTestApp, TEST_JWT_SECRET, type TestApp } from './support/test-app.ts';
import { useTestApp } from './support/api-client.ts';

const app = useTestApp();

const secret = new TextEncoder().encode(TEST_JWT_SECRET);

interface Claims {
  audience?: string;
  issuedAt?: number;
  /** null: none at all. */
  expiresAt?: number | string | null;
}
/** The claims the app signs (its issuer and audience, issued now, valid for an hour) on `jwt`, but for what `claims` change. */
const withClaims = <T extends ProduceJWT>(jwt: T, userId: string, { audience = 'points-tracker-app', issuedAt, expiresAt = '1h' }: Claims = {}): T => {
  jwt.setSubject(userId).setIssuer('points-tracker').setAudience(audience).setIssuedAt(issuedAt);
  if (expiresAt !== null) jwt.setExpirationTime(expiresAt);
  return jwt;
};
/** A token signed as the app signs them (HS256, with `key`), carrying `claims`. */
const signed = (userId: string, claims: Claims = {}, key = secret) =>
  withClaims(new SignJWT({}).setProtectedHeader({ alg: 'HS256' }), userId, claims).sign(key);

describe('register', () => {
  it('answers 201 with a token and the user, defaults filled in', async () => {
    const email = `Ada.${Date.now()}@Example.com`;
    const res = await app.json('POST', '/api/auth/register', { body: { name: '  Ada Lovelace ', email, password: 'analytical engine' } });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.user).toMatchObject({
      name: 'Ada Lovelace',
      email: email.toLowerCase(),
      role: 'user',
      subscriptionStatus: 'inactive',
      isActive: true,
      emailVerified: false,
      totalLogins: 0,
      lastLoginAt: null,
      timezone: 'America/New_York',
      dateOfBirth: null,
    });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    const me = await app.json('GET', '/api/auth/me', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(res.body.user.id);
  });

  it("counts days in the browser's zone from the start when registration sends it; refuses an unknown zone", async () => {
    const email = `tokyo.${Date.now()}@example.com`;
    const res = await app.json('POST', '/api/auth/register', { body: { name: 'Kiyoshi', email, password: 'long enough', timezone: 'Asia/Tokyo' } });
    expect(res.status).toBe(201);
    expect(res.body.user.timezone).toBe('Asia/Tokyo');
    const settings = await app.json('GET', '/api/settings', { token: res.body.token });
    expect(settings.body.settings.timezone).toBe('Asia/Tokyo');

    const mars = `mars.${Date.now()}@example.com`;
    const refused = await app.json('POST', '/api/auth/register', { body: { name: 'M', email: mars, password: 'long enough', timezone: 'Mars/Olympus' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('timezone');
    const login = await app.json('POST', '/api/auth/login', { body: { email: mars, password: 'long enough' } });
    expect(login.status).toBe(401);
  });

  it('refuses the same e-mail in any letter case with 409', async () => {
    const email = `grace.${Date.now()}@example.com`;
    const first = await app.json('POST', '/api/auth/register', { body: { name: 'Grace', email, password: 'compiler1' } });
    expect(first.status).toBe(201);
    const again = await app.json('POST', '/api/auth/register', { body: { name: 'Grace 2', email: email.toUpperCase(), password: 'compiler2' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.emailTaken);
    const login = await app.json('POST', '/api/auth/login', { body: { email, password: 'compiler2' } });
    expect(login.status).toBe(401);
  });

  it('creates one account when concurrent registrations race for one address', async () => {
    const email = `race.${Date.now()}@example.com`;
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => app.json('POST', '/api/auth/register', { body: { name: `R${i}`, email, password: `password-${i}` } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(5);
  });

  it('validates every field, naming it, and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ email: 'a@b.co', password: 'longenough' }, 'name', 'is required'],
      [{ name: 'X', email: 'not-an-email', password: 'longenough' }, 'email', 'valid email'],
      [{ name: 'X', email: 'short@b.co', password: 'short' }, 'password', messages.passwordTooShort],
      [{ name: 'X', email: 'long@b.co', password: 'é'.repeat(37) }, 'password', messages.passwordTooLong],
    ];
    for (const [body, field, text] of cases) {
      const res = await app.json('POST', '/api/auth/register', { body });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body.errors[0].field).toBe(field);
      expect(res.body.message).toContain(field);
      expect(res.body.message.toLowerCase()).toContain(text.toLowerCase().slice(0, 12));
    }
    const login = await app.json('POST', '/api/auth/login', { body: { email: 'short@b.co', password: 'short' } });
    expect(login.status).toBe(401);
  });

  it('creates one user when a registration is retried with the same Idempotency-Key', async () => {
    const email = `retry.${Date.now()}@example.com`;
    const headers = { 'idempotency-key': `reg-${Date.now()}` };
    const body = { name: 'Retry', email, password: 'retry-password' };
    const first = await app.json('POST', '/api/auth/register', { body, headers });
    const second = await app.json('POST', '/api/auth/register', { body, headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.user.id).toBe(first.body.user.id);
  });
});

describe('login', () => {
  it('logs in, counting logins', async () => {
    const { email, password, user } = await app.registerUser('Lin');
    const res = await app.json('POST', '/api/auth/login', { body: { email: email.toUpperCase(), password } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, name: 'Lin', totalLogins: 1 });
    expect(res.body.user.lastLoginAt).not.toBeNull();
    const me = await app.json('GET', '/api/auth/me', { token: res.body.token });
    expect(me.body.user.totalLogins).toBe(1);
  });

  it('answers a wrong password and an unknown e-mail with byte-identical 401s', async () => {
    const { email } = await app.registerUser();
    const wrong = await app.request('POST', '/api/auth/login', { body: { email, password: 'not the password' } });
    const unknown = await app.request('POST', '/api/auth/login', { body: { email: `nobody.${Date.now()}@example.com`, password: 'whatever1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.text(), await unknown.text()];
    expect(a).toBe(b);
    expect(JSON.parse(a).message).toBe(messages.invalidCredentials);
  });
});

describe('authentication', () => {
  it('answers 401 with the spec message without a token', async () => {
    const res = await app.json('GET', '/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Authentication token is required');
  });

  it('refuses forged, expired, alg:none and foreign-audience tokens', async () => {
    const { user } = await app.registerUser();
    const now = Math.floor(Date.now() / 1000);
    const forged = await signed(user.id, {}, new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await signed(user.id, { issuedAt: now - 7200, expiresAt: now - 3600 });
    const none = withClaims(new UnsecuredJWT({}), user.id).encode();
    const noExp = await signed(user.id, { expiresAt: null });
    const otherAudience = await signed(user.id, { audience: 'elsewhere' });
    for (const token of [forged, expired, none, noExp, otherAudience, 'garbage']) {
      const res = await app.json('GET', '/api/auth/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(messages.invalidToken);
    }
    const valid = await signed(user.id);
    expect((await app.json('GET', '/api/auth/me', { token: valid })).status).toBe(200);
  });
});

describe('profile', () => {
  it('updates through PUT /auth/me and PUT /users/profile, ignoring fields it does not own', async () => {
    const { token, user } = await app.registerUser('Old Name');
    const a = await app.json('PUT', '/api/auth/me', { token, body: { name: 'New Name', timezone: 'Europe/Berlin', role: 'admin', id: 'x' } });
    expect(a.status).toBe(200);
    expect(a.body.user).toMatchObject({ id: user.id, name: 'New Name', timezone: 'Europe/Berlin', role: 'user' });
    const b = await app.json('PUT', '/api/users/profile', { token, body: { dateOfBirth: '1990-02-28' } });
    expect(b.status).toBe(200);
    expect(b.body.user).toMatchObject({ name: 'New Name', dateOfBirth: '1990-02-28' });
    const bad = await app.json('PUT', '/api/users/profile', { token, body: { timezone: 'Mars/Olympus' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('timezone');
    expect((await app.json('GET', '/api/auth/me', { token })).body.user.timezone).toBe('Europe/Berlin');
  });

  it('changes the password only with the current one', async () => {
    const { token, email, password } = await app.registerUser();
    const wrong = await app.json('PUT', '/api/auth/me', { token, body: { currentPassword: 'nope-nope', newPassword: 'brand-new-pass' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('currentPassword');
    const ok = await app.json('PUT', '/api/auth/me', { token, body: { currentPassword: password, newPassword: 'brand-new-pass' } });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toEqual(expect.any(String));
    expect((await app.json('GET', '/api/auth/me', { token: ok.body.token })).status).toBe(200);
    expect((await app.json('POST', '/api/auth/login', { body: { email, password } })).status).toBe(401);
    expect((await app.json('POST', '/api/auth/login', { body: { email, password: 'brand-new-pass' } })).status).toBe(200);
  });
});

/** GET /api/auth/me on `target` until it answers `status` (a few seconds at most). */
const eventuallyStatus = async (target: TestApp, token: string, status: number): Promise<void> => {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const res = await target.json('GET', '/api/auth/me', { token });
    if (res.status === status) return;
    if (Date.now() > deadline) throw new Error(`expected ${status}, still ${res.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('sessions after a password change', () => {
  it('ends them in another API process too, which had the session in memory', async () => {
    const replica = await startTestApp({ databaseUrl: app.runtime.databaseUrl, role: 'api' });
    try {
      const { token, password } = await app.registerUser();
      // The replica has read (and keeps) the session's facts.
      await eventuallyStatus(replica, token, 200);
      await new Promise((r) => setTimeout(r, 1100));
      const changed = await app.json('PUT', '/api/auth/me', { token, body: { currentPassword: password, newPassword: 'changed-elsewhere' } });
      expect(changed.status).toBe(200);
      // Told by the users projector's notification (at worst, the facts are two seconds old).
      await eventuallyStatus(replica, token, 401);
      await eventuallyStatus(replica, changed.body.token, 200);
    } finally {
      await replica.stop();
    }
  });

  it('ends every session issued before the change, whichever way the password changed', async () => {
    const { token: before, email, password } = await app.registerUser();
    const other = await app.json('POST', '/api/auth/login', { body: { email, password } });
    const changed = await app.json('PUT', '/api/auth/me', { token: before, body: { currentPassword: password, newPassword: 'after-the-change' } });
    expect(changed.status).toBe(200);
    for (const stale of [before, other.body.token]) {
      const res = await app.json('GET', '/api/auth/me', { token: stale });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(messages.invalidToken);
    }
    expect((await app.json('GET', '/api/auth/me', { token: changed.body.token })).status).toBe(200);

    await app.json('POST', '/api/auth/forgot-password', { body: { email } });
    const mail = await (async () => {
      for (let i = 0; i < 100; i++) {
        const found = app.mails.find((m) => m.to === email && m.link?.includes('/reset-password'));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('no reset mail');
    })();
    const reset = await app.json('POST', '/api/auth/reset-password', {
      body: { token: new URL(mail.link!).searchParams.get('token'), newPassword: 'after-the-reset' },
    });
    expect(reset.status).toBe(200);
    expect((await app.json('GET', '/api/auth/me', { token: changed.body.token })).status).toBe(401);
    const again = await app.json('POST', '/api/auth/login', { body: { email, password: 'after-the-reset' } });
    expect((await app.json('GET', '/api/auth/me', { token: again.body.token })).status).toBe(200);
  });
});

const lastLink = (to: string, path: string) => {
  const mail = [...app.mails].reverse().find((m) => m.to === to && m.link?.includes(path));
  if (!mail) throw new Error(`no ${path} mail for ${to}`);
  return new URL(mail.link!).searchParams.get('token')!;
};
const waitForMail = async (to: string, path: string) => {
  for (let i = 0; i < 100; i++) {
    try {
      return lastLink(to, path);
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return lastLink(to, path);
};

/** The whole second a JWT's `iat` names. */
const issuedSecond = (token: string): number => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).iat;

/**
 * Puts the app's clock at the start of its next whole second (no other test here leaves it moved);
 * `rewind` sets it back there, so the next request happens in that same second however long the
 * ones before took; `restore` puts it back on the real clock.
 */
const oneSecond = () => {
  let moved = 1000 - (Date.now() % 1000);
  app.advanceClock(moved);
  const started = Date.now();
  return {
    rewind() {
      const back = Date.now() - started;
      app.advanceClock(-back);
      moved -= back;
    },
    restore: () => app.advanceClock(-moved),
  };
};

describe('sessions in the very second of a password change', () => {
  it('ends a session issued in the same second as a profile password change; the token the change answers works', async () => {
    const { email, password } = await app.registerUser();
    const second = oneSecond();
    try {
      const login = await app.json('POST', '/api/auth/login', { body: { email, password } });
      second.rewind();
      const changed = await app.json('PUT', '/api/auth/me', { token: login.body.token, body: { currentPassword: password, newPassword: 'same-second-pass' } });
      expect(changed.status).toBe(200);
      const me = await app.json('GET', '/api/auth/me', { token: changed.body.token });
      expect(me.status).toBe(200);
      // The case at hand: the change (its time is the profile's updatedAt) in the login's second.
      expect(Math.floor(Date.parse(me.body.user.updatedAt) / 1000)).toBe(issuedSecond(login.body.token));
      const stale = await app.json('GET', '/api/auth/me', { token: login.body.token });
      expect(stale.status).toBe(401);
      expect(stale.body.message).toBe(messages.invalidToken);
      const again = await app.json('POST', '/api/auth/login', { body: { email, password: 'same-second-pass' } });
      expect((await app.json('GET', '/api/auth/me', { token: again.body.token })).status).toBe(200);
    } finally {
      second.restore();
    }
  });

  it('ends a session issued in the same second as a password reset', async () => {
    const { email, password } = await app.registerUser();
    await app.json('POST', '/api/auth/forgot-password', { body: { email } });
    const resetToken = await waitForMail(email, '/reset-password');
    const second = oneSecond();
    try {
      const login = await app.json('POST', '/api/auth/login', { body: { email, password } });
      second.rewind();
      expect((await app.json('POST', '/api/auth/reset-password', { body: { token: resetToken, newPassword: 'same-second-reset' } })).status).toBe(200);
      const stale = await app.json('GET', '/api/auth/me', { token: login.body.token });
      expect(stale.status).toBe(401);
      const again = await app.json('POST', '/api/auth/login', { body: { email, password: 'same-second-reset' } });
      const me = await app.json('GET', '/api/auth/me', { token: again.body.token });
      expect(me.status).toBe(200);
      expect(Math.floor(Date.parse(me.body.user.updatedAt) / 1000)).toBe(issuedSecond(login.body.token));
    } finally {
      second.restore();
    }
  });
});

describe('password reset', () => {
  it('answers forgot-password the same whether or not the address exists', async () => {
    const { email } = await app.registerUser();
    const known = await app.request('POST', '/api/auth/forgot-password', { body: { email } });
    const unknown = await app.request('POST', '/api/auth/forgot-password', { body: { email: `ghost.${Date.now()}@example.com` } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    await waitForMail(email, '/reset-password');
  });

  it('accepts a reset token once, and never again', async () => {
    const { email } = await app.registerUser();
    await app.json('POST', '/api/auth/forgot-password', { body: { email } });
    const token = await waitForMail(email, '/reset-password');
    const first = await app.json('POST', '/api/auth/reset-password', { body: { token, newPassword: 'reset-password-1' } });
    expect(first.status).toBe(200);
    const second = await app.json('POST', '/api/auth/reset-password', { body: { token, newPassword: 'reset-password-2' } });
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(messages.resetTokenInvalid);
    expect((await app.json('POST', '/api/auth/login', { body: { email, password: 'reset-password-1' } })).status).toBe(200);
  });

  it('refuses an expired token and a token issued before a password change', async () => {
    const { email, token: jwt, password } = await app.registerUser();
    await app.json('POST', '/api/auth/forgot-password', { body: { email } });
    const expiring = await waitForMail(email, '/reset-password');
    app.advanceClock(61 * 60 * 1000);
    try {
      const res = await app.json('POST', '/api/auth/reset-password', { body: { token: expiring, newPassword: 'too-late-pass' } });
      expect(res.status).toBe(400);
    } finally {
      app.advanceClock(-61 * 60 * 1000);
    }
    app.mails.length = 0;
    await app.json('POST', '/api/auth/forgot-password', { body: { email } });
    const stale = await waitForMail(email, '/reset-password');
    expect((await app.json('PUT', '/api/auth/me', { token: jwt, body: { currentPassword: password, newPassword: 'changed-meanwhile' } })).status).toBe(200);
    const res = await app.json('POST', '/api/auth/reset-password', { body: { token: stale, newPassword: 'stale-token-pass' } });
    expect(res.status).toBe(400);
  });

  it('keeps no reset or verification token in plain text', async () => {
    const { email } = await app.registerUser();
    await app.json('POST', '/api/auth/forgot-password', { body: { email } });
    const reset = await waitForMail(email, '/reset-password');
    const verify = await waitForMail(email, '/verify-email');
    const client = new pg.Client({ connectionString: app.runtime.databaseUrl });
    await client.connect();
    try {
      for (const token of [reset, verify]) {
        const secretPart = token.split('.')[1]!;
        const hits = await client.query(`SELECT count(*)::int AS n FROM es.events WHERE data::text LIKE $1 OR metadata::text LIKE $1`, [`%${secretPart}%`]);
        expect(hits.rows[0].n).toBe(0);
      }
    } finally {
      await client.end();
    }
  });

  it('verifies the e-mail address with the mailed token, once', async () => {
    const { email, token: jwt } = await app.registerUser();
    const token = await waitForMail(email, '/verify-email');
    expect((await app.json('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(200);
    expect((await app.json('GET', '/api/auth/me', { token: jwt })).body.user.emailVerified).toBe(true);
    const again = await app.json('POST', '/api/auth/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.verifyTokenInvalid);
  });
});

describe('past the read-your-writes bound', () => {
  it('answers registration, login and a profile change from the command’s own state — never a 404 or a stale user', async () => {
    const lagging = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '100' } });
    try {
      const { token } = await lagging.registerUser();
      // From here no projector runs: every read-your-writes wait runs out.
      await lagging.runtime.runner!.stop();
      const renamed = await lagging.json('PUT', '/api/users/profile', { token, body: { name: 'Renamed', timezone: 'Asia/Tokyo' } });
      expect(renamed.status).toBe(200);
      expect(renamed.headers.get('x-read-models-behind')).toBe('users');
      expect(renamed.body.user).toMatchObject({ name: 'Renamed', timezone: 'Asia/Tokyo' });

      const email = `late.${Date.now()}@example.com`;
      const registered = await lagging.json('POST', '/api/auth/register', { body: { name: 'Late', email, password: 'correct horse battery' } });
      expect(registered.status).toBe(201);
      expect(registered.body.user).toMatchObject({ name: 'Late', email, totalLogins: 0 });
      const login = await lagging.json('POST', '/api/auth/login', { body: { email, password: 'correct horse battery' } });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ email, totalLogins: 1 });
      expect(login.body.user.lastActive).toBe(login.body.user.lastLoginAt);
    } finally {
      await lagging.stop();
    }
  });
});
