import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let app: TestApp;
let smtp: SMTPServer;
const inbox: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  app = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Tracker <noreply@tracker.test>' } });
});
afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const waitFor = async <T>(find: () => T | undefined): Promise<T> => {
  for (let i = 0; i < 200; i++) {
    const found = find();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('mail did not arrive');
};

describe('mail over SMTP', () => {
  it('delivers the verification and reset mails through a real SMTP server, and the link works', async () => {
    const { email } = await app.registerUser('Mailed');
    const verification = await waitFor(() => inbox.find((m) => m.to.includes(email) && m.raw.includes('verify-email')));
    expect(verification.from).toBe('noreply@tracker.test');
    expect(verification.raw).toContain('Subject: Confirm your e-mail address');

    await app.json('POST', '/api/auth/forgot-password', { body: { email } });
    const reset = await waitFor(() => inbox.find((m) => m.to.includes(email) && m.raw.includes('reset-password')));
    const unfolded = reset.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const token = /reset-password\?token=([A-Za-z0-9%._-]+)/.exec(unfolded)![1]!;
    const res = await app.json('POST', '/api/auth/reset-password', { body: { token: decodeURIComponent(token), newPassword: 'via-smtp-link' } });
    expect(res.status).toBe(200);
    expect((await app.json('POST', '/api/auth/login', { body: { email, password: 'via-smtp-link' } })).status).toBe(200);
  });
});
