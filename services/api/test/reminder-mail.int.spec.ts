import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from './support/smtp-inbox.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

// Reminder mail under a driven clock, through a real SMTP server: the worker looks every 50 ms on
// the app's clock, which the test moves to 08:59 and 09:00 in Tokyo.

const POLL_MS = 50;
let smtp: SmtpInbox;
let env: NodeJS.ProcessEnv;
let inbox: ReceivedMail[];

beforeAll(async () => {
  smtp = await startSmtpInbox();
  inbox = smtp.inbox;
  env = { SMTP_URL: smtp.url, MAIL_FROM: 'Tracker <noreply@tracker.test>', REMINDER_POLL_MS: String(POLL_MS), APP_URL: 'https://tracker.test' };
});
afterAll(async () => {
  await smtp?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Mails to `email` whose subject names `title` (quoted-printable soft breaks undone). */
const remindersTo = (email: string, title: string) =>
  inbox.filter((m) => m.to.includes(email) && m.raw.replace(/=\r?\n/g, '').includes(`Subject: Reminder: ${title}`));
const waitFor = async (found: () => boolean) => {
  for (let i = 0; i < 400 && !found(); i++) await sleep(25);
  expect(found()).toBe(true);
};

describe('reminder mail (driven clock, real SMTP)', () => {
  let app: TestApp;
  /** How far the app's clock is ahead of the real one. */
  let ahead = 0;
  const setClock = (target: number) => {
    const shift = target - (Date.now() + ahead);
    app.advanceClock(shift);
    ahead += shift;
  };

  it('mails a reminder due at 09:00 in Tokyo at 09:00 and not at 08:59, once across a restart and two processes; never a done item, a done habit, another user or one who turned it off', async () => {
    app = await startTestApp({ env });
    // The first 09:00 in Tokyo at least five minutes away: the clock moves only forward.
    let nine = DateTime.now().setZone('Asia/Tokyo').set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
    if (nine.toMillis() < Date.now() + 5 * 60_000) nine = nine.plus({ days: 1 });
    const day = nine.toISODate()!;
    const deadline = nine.set({ hour: 18 }).toUTC().toISO()!;

    const alice = await app.registerUser('Alice', 'Asia/Tokyo');
    const call = (token: string, method: string, path: string, body?: unknown) => app.json(method, path, { token, ...(body !== undefined ? { body } : {}) });
    // Bad input changes nothing.
    const refused = await call(alice.token, 'PATCH', '/api/settings', { emailReminders: 'yes' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.errors)).toContain('emailReminders');
    expect((await call(alice.token, 'GET', '/api/settings')).body.settings.emailReminders).toBe(false);
    expect((await call(alice.token, 'PATCH', '/api/settings', { emailReminders: true })).body.settings.emailReminders).toBe(true);

    const todo = (await call(alice.token, 'POST', '/api/actionables', { title: 'Call the dentist', deadline, reminderTime: '09:00' })).body.actionable;
    const done = (await call(alice.token, 'POST', '/api/actionables', { title: 'Already done', deadline, reminderTime: '09:00' })).body.actionable;
    expect((await call(alice.token, 'PATCH', `/api/actionables/${done.id}/complete`)).status).toBe(200);
    const stretch = (await call(alice.token, 'POST', '/api/actionables/habits', { title: 'Stretch', reminderTime: '09:00' })).body.habit;
    const read = (await call(alice.token, 'POST', '/api/actionables/habits', { title: 'Read a page', reminderTime: '09:00' })).body.habit;
    // Bob has the same reminder but never turned mail on; Carol turned it on, then off.
    const bob = await app.registerUser('Bob', 'Asia/Tokyo');
    await call(bob.token, 'POST', '/api/actionables', { title: 'Bob’s errand', deadline, reminderTime: '09:00' });
    const carol = await app.registerUser('Carol', 'Asia/Tokyo');
    await call(carol.token, 'PATCH', '/api/settings', { emailReminders: true });
    await call(carol.token, 'POST', '/api/actionables', { title: 'Carol’s errand', deadline, reminderTime: '09:00' });
    await call(carol.token, 'PATCH', '/api/settings', { emailReminders: false });

    // 08:59 in Tokyo: nothing yet. The habit "Read a page" is done before its time.
    setClock(nine.toMillis() - 60_000);
    const today = await call(alice.token, 'GET', '/api/reminders/today');
    expect(today.body.date).toBe(day);
    expect(today.body.reminders.map((r: { id: string }) => r.id).sort()).toEqual([todo.id, stretch.id, read.id].sort());
    expect(today.body.reminders.every((r: { at: string }) => r.at === nine.toUTC().toISO())).toBe(true);
    expect((await call(alice.token, 'PATCH', `/api/actionables/habits/${read.id}/complete`)).status).toBe(200);
    await sleep(POLL_MS * 8);
    expect(inbox.filter((m) => m.raw.includes('Subject: Reminder:'))).toEqual([]);

    // 09:00: one mail each for the open to-do and the habit still due, with the title and a link.
    setClock(nine.toMillis());
    await waitFor(() => remindersTo(alice.email, 'Call the dentist').length === 1 && remindersTo(alice.email, 'Stretch').length === 1);
    const mail = remindersTo(alice.email, 'Call the dentist')[0]!.raw.replace(/=\r?\n/g, '');
    expect(mail).toContain('https://tracker.test/actionables');
    expect(mail).toMatch(new RegExp(`Message-ID:\\s+<reminder-${todo.id}-${day}@tracker\\.test>`, 'i'));
    expect(remindersTo(alice.email, 'Stretch')[0]!.raw.replace(/=\r?\n/g, '')).toContain(`https://tracker.test/habits/${stretch.id}`);
    // One more for 09:05, set at 09:00.
    expect((await call(alice.token, 'POST', '/api/actionables', { title: 'Pay the rent', deadline, reminderTime: '09:05' })).status).toBe(201);

    // Restart the worker as two processes on the same database (the second a projections worker),
    // both at 09:06: still one mail each for 09:00, and one, not two, for 09:05.
    const databaseUrl = app.runtime.databaseUrl;
    await app.stop();
    app = await startTestApp({ env, databaseUrl });
    const second = await startTestApp({ env, databaseUrl, role: 'projections' });
    ahead = 0;
    setClock(nine.toMillis() + 6 * 60_000);
    second.advanceClock(nine.toMillis() + 6 * 60_000 - Date.now());
    await waitFor(() => remindersTo(alice.email, 'Pay the rent').length > 0);
    await sleep(POLL_MS * 10);
    await Promise.all([app.stop(), second.stop()]);
    expect(remindersTo(alice.email, 'Pay the rent')).toHaveLength(1);

    expect(remindersTo(alice.email, 'Call the dentist')).toHaveLength(1);
    expect(remindersTo(alice.email, 'Stretch')).toHaveLength(1);
    expect(remindersTo(alice.email, 'Already done')).toEqual([]);
    expect(remindersTo(alice.email, 'Read a page')).toEqual([]);
    expect(inbox.filter((m) => (m.to.includes(bob.email) || m.to.includes(carol.email)) && m.raw.includes('Subject: Reminder:'))).toEqual([]);
    // Every reminder mail went to Alice, and there were exactly three.
    expect(inbox.filter((m) => m.raw.includes('Subject: Reminder:')).map((m) => m.to)).toEqual([[alice.email], [alice.email], [alice.email]]);
  });
});
