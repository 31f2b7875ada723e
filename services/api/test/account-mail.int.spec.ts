import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ANONYMOUS_USER_ID } from '@tracker/contracts/users/events';
import { createTestDatabase } from '@tracker/eventstore/testing/test-database';
import { emailStream, userStream } from '../src/auth/account-streams.ts';
import type { Mail, Mailer } from '../src/mail/mailer.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

interface LoggedEvent {
  position: string;
  stream_id: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

const logAfter = async (app: TestApp, position: string): Promise<LoggedEvent[]> =>
  (
    await sql<LoggedEvent>`
      SELECT position::text AS position, stream_id, event_id::text AS event_id, type, data, metadata
        FROM es.events WHERE position > ${position}::bigint ORDER BY position`.execute(app.runtime.readModels.db)
  ).rows;
const streamOf = async (app: TestApp, stream: string): Promise<LoggedEvent[]> => (await logAfter(app, '0')).filter((e) => e.stream_id === stream);
const head = async (app: TestApp): Promise<string> =>
  (await sql<{ head: string }>`SELECT coalesce(max(position), 0)::text AS head FROM es.events`.execute(app.runtime.readModels.db)).rows[0]!.head;

const tokenOf = (mail: Mail): string => new URL(mail.link!).searchParams.get('token')!;
const linksTo = (mails: readonly Mail[], to: string, path: string): Mail[] => mails.filter((m) => m.to === to && m.link?.includes(path));

describe('account mail runs on the log, not in the request', () => {
  it('forgot-password appends the same one event whether or not the address has an account; only the account gets mail, later, from the reactor', async () => {
    const databaseUrl = await createTestDatabase('account_mail');
    const full = await startTestApp({ databaseUrl });
    let known: Awaited<ReturnType<TestApp['registerUser']>>;
    try {
      known = await full.registerUser('Known');
      await expect.poll(() => linksTo(full.mails, known.email, '/verify-email').length).toBe(1);
    } finally {
      await full.stop();
    }
    const ghost = `ghost.${randomUUID()}@example.com`;

    // The API alone: whatever a request does, it does before its answer (and nothing mails here).
    const api = await startTestApp({ role: 'api', databaseUrl, env: { READ_YOUR_WRITES_TIMEOUT_MS: '200' } });
    let worker: TestApp | undefined;
    try {
      const asked = [];
      for (const email of [ghost, known.email]) {
        const before = await head(api);
        const answer = await api.request('POST', '/api/auth/forgot-password', { body: { email } });
        const written = await logAfter(api, before);
        asked.push({ status: answer.status, body: await answer.text(), written });
      }
      expect(asked[0]!.status).toBe(200);
      expect(asked[1]!.body).toBe(asked[0]!.body);
      for (const { written } of asked) {
        expect(written).toHaveLength(1);
        expect(written[0]).toMatchObject({
          type: 'PasswordResetAsked',
          stream_id: expect.stringMatching(/^reset-[0-9a-f-]{36}$/),
          metadata: { userId: ANONYMOUS_USER_ID },
        });
        expect(Object.keys(written[0]!.data)).toEqual(['emailHash']);
        // The log keeps no address, only the hash its e-mail stream is named by.
        expect(JSON.stringify(written[0])).not.toContain('@');
      }
      expect(`email-${String(asked[1]!.written[0]!.data.emailHash)}`).toBe(emailStream(known.email));
      await new Promise((r) => setTimeout(r, 300));
      expect(api.mails).toEqual([]);

      // The reactor, started later (as after a crash between the event and the mail), mails the account only.
      worker = await startTestApp({ role: 'projections', databaseUrl });
      await expect.poll(() => linksTo(worker!.mails, known.email, '/reset-password').length, { timeout: 10_000 }).toBe(1);
      // The ghost's ask came first in the log, so it has been handled by now.
      expect(worker.mails.filter((m) => m.to === ghost)).toEqual([]);
      const token = tokenOf(linksTo(worker.mails, known.email, '/reset-password')[0]!);
      expect((await api.json('POST', '/api/auth/reset-password', { body: { token, newPassword: 'reset-by-reactor' } })).status).toBe(200);
      expect((await api.json('POST', '/api/auth/login', { body: { email: known.email, password: 'reset-by-reactor' } })).status).toBe(200);
    } finally {
      await worker?.stop();
      await api.stop();
    }
  });

  it('registration answers without waiting for the verification mail, which the reactor issues and sends; its link verifies once', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const sent: Mail[] = [];
    const app = await startTestApp({ mailer: { send: async (mail) => void (await gate, sent.push(mail)) } });
    try {
      const { email, token: jwt, user } = await app.registerUser('Gated');
      expect(sent).toEqual([]);
      // The request wrote the registration only; the token's event follows from the reactor, caused by it.
      await expect.poll(async () => (await streamOf(app, userStream(user.id))).map((e) => e.type)).toEqual(['UserRegistered', 'EmailVerificationRequested']);
      const [registered, requested] = await streamOf(app, userStream(user.id));
      expect(requested!.metadata).toMatchObject({ causationId: registered!.event_id, idempotencyKey: `mail:${registered!.event_id}` });

      open();
      await expect.poll(() => linksTo(sent, email, '/verify-email').length).toBe(1);
      const token = tokenOf(linksTo(sent, email, '/verify-email')[0]!);
      expect((await app.json('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(200);
      expect((await app.json('GET', '/api/auth/me', { token: jwt })).body.user.emailVerified).toBe(true);
      expect((await app.json('POST', '/api/auth/verify-email', { body: { token } })).status).toBe(400);
    } finally {
      open();
      await app.stop();
    }
  });

  it('loses no mail when sending fails after the event: the retry mails the same token, once issued, and it works', async () => {
    const attempts: Mail[] = [];
    const delivered: Mail[] = [];
    let failuresLeft = 3;
    const flaky: Mailer = {
      async send(mail) {
        attempts.push(mail);
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('SMTP connection refused');
        }
        delivered.push(mail);
      },
    };
    const app = await startTestApp({ mailer: flaky });
    try {
      const { email, user } = await app.registerUser('Flaky');
      await expect.poll(() => linksTo(delivered, email, '/verify-email').length, { timeout: 10_000 }).toBe(1);
      const verifications = linksTo(attempts, email, '/verify-email');
      expect(verifications).toHaveLength(4);
      expect(new Set(verifications.map(tokenOf)).size).toBe(1);
      expect((await streamOf(app, userStream(user.id))).filter((e) => e.type === 'EmailVerificationRequested')).toHaveLength(1);
      expect((await app.json('POST', '/api/auth/verify-email', { body: { token: tokenOf(verifications[0]!) } })).status).toBe(200);

      failuresLeft = 2;
      expect((await app.json('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
      await expect.poll(() => linksTo(delivered, email, '/reset-password').length, { timeout: 10_000 }).toBe(1);
      const resets = linksTo(attempts, email, '/reset-password');
      expect(resets).toHaveLength(3);
      expect(new Set(resets.map(tokenOf)).size).toBe(1);
      expect((await streamOf(app, userStream(user.id))).filter((e) => e.type === 'PasswordResetRequested')).toHaveLength(1);
      expect((await app.json('POST', '/api/auth/reset-password', { body: { token: tokenOf(resets[2]!), newPassword: 'after-the-retries' } })).status).toBe(200);
      expect((await app.json('POST', '/api/auth/login', { body: { email, password: 'after-the-retries' } })).status).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it('does not mail accounts registered before the reactor existed again when it first runs through the log', async () => {
    const databaseUrl = await createTestDatabase('account_mail_legacy');
    // A log as the request-time mailer left it: registered, a verification token issued and mailed.
    const api = await startTestApp({ role: 'api', databaseUrl });
    const legacy = { userId: randomUUID(), email: `legacy.${randomUUID()}@example.com` };
    try {
      const metadata = { userId: legacy.userId, correlationId: 'legacy', occurredAt: new Date().toISOString() };
      await api.runtime.store.append(
        emailStream(legacy.email),
        [{ id: randomUUID(), type: 'EmailReserved', data: { userId: legacy.userId, email: legacy.email }, metadata }],
        'no_stream',
      );
      await api.runtime.store.append(
        userStream(legacy.userId),
        [
          {
            id: randomUUID(),
            type: 'UserRegistered',
            data: {
              userId: legacy.userId,
              name: 'Legacy',
              email: legacy.email,
              passwordHash: 'x',
              role: 'user',
              timezone: 'UTC',
              subscriptionStatus: 'inactive',
            },
            metadata,
          },
          {
            id: randomUUID(),
            type: 'EmailVerificationRequested',
            data: { userId: legacy.userId, tokenHash: 'a'.repeat(64), expiresAt: new Date().toISOString() },
            metadata,
          },
        ],
        'no_stream',
      );
    } finally {
      await api.stop();
    }
    const app = await startTestApp({ databaseUrl });
    try {
      const { email } = await app.registerUser('New');
      await expect.poll(() => linksTo(app.mails, email, '/verify-email').length).toBe(1);
      // Later in the log than the legacy account, so the reactor has passed it.
      expect(app.mails.filter((m) => m.to === legacy.email)).toEqual([]);
    } finally {
      await app.stop();
    }
  });
});
