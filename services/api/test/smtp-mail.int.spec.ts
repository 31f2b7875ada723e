import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from './support/smtp-inbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

let app: TestApp;
let smtp: SmtpInbox;
let inbox: ReceivedMail[];

beforeAll(async () => {
  smtp = await startSmtpInbox();
  inbox = smtp.inbox;
  app = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tracker <noreply@tracker.test>' } });
});
afterAll(async () => {
  await app?.stop();
  await smtp?.stop();
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
