import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiClient, useTestApp, type ApiUser as User } from './support/api-client.ts';
import { startTestApp } from './support/test-app.ts';

const app = useTestApp();
const { call, newUser } = apiClient(app);

const settingsOf = async (user: User) => {
  const res = await call(user, 'GET', '/settings');
  expect(res.status).toBe(200);
  return res.body.settings;
};
/** A settings write that must succeed; its answer's settings. */
const write = async (user: User, method: string, path: string, body?: unknown) => {
  const res = await call(user, method, path, body);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  expect(res.headers.get('x-read-models-behind')).toBeNull();
  return res.body.settings;
};
const eventsOf = async (user: User) => {
  const events: Array<{ type: string; data: Record<string, unknown> }> = [];
  for await (const event of app.runtime.store.readStream(`user-${user.id}`)) events.push({ type: event.type, data: event.data as Record<string, unknown> });
  return events;
};
const settingsEvents = async (user: User) => (await eventsOf(user)).filter((event) => event.type.startsWith('UserSettings'));

const COLOR = '#6366F1';
const defaultStatuses = {
  'in-progress': { priority: 1, visible: true, color: COLOR },
  pending: { priority: 2, visible: true, color: COLOR },
  'not-approached': { priority: 3, visible: true, color: COLOR },
  completed: { priority: 4, visible: true, color: COLOR },
};
const defaults = { timezone: 'America/New_York', weekStart: 'sunday', theme: 'system', statusSettings: defaultStatuses, dayStartHour: 0 };

describe('settings', () => {
  it("answers spec.md §9's defaults to a new user", async () => {
    const user = await newUser();
    const settings = await settingsOf(user);
    expect(settings).toMatchObject({ ...defaults, id: user.id, userId: user.id });
    expect(Date.parse(settings.createdAt)).not.toBeNaN();
    expect(settings.updatedAt).toBe(settings.createdAt);
  });

  it('PATCH merges: fields left out keep their value, status settings merge per status and field', async () => {
    const user = await newUser();
    await write(user, 'PATCH', '/settings', { theme: 'dark', weekStart: 'monday' });
    const after = await write(user, 'PATCH', '/settings', { statusSettings: { completed: { visible: false }, pending: { color: '#112233' } } });
    const expected = {
      ...defaults,
      theme: 'dark',
      weekStart: 'monday',
      statusSettings: {
        ...defaultStatuses,
        completed: { ...defaultStatuses.completed, visible: false },
        pending: { ...defaultStatuses.pending, color: '#112233' },
      },
    };
    expect(after).toMatchObject(expected);
    expect(await settingsOf(user)).toEqual(after);
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(after.createdAt));
  });

  it('PUT replaces: what the body leaves out goes back to its default', async () => {
    const user = await newUser();
    await write(user, 'PATCH', '/settings', { theme: 'dark', weekStart: 'friday', timezone: 'Asia/Tokyo', statusSettings: { pending: { priority: 4 } } });
    const replaced = await write(user, 'PUT', '/settings', { theme: 'light', statusSettings: { completed: { visible: false } } });
    expect(replaced).toMatchObject({
      ...defaults,
      theme: 'light',
      statusSettings: { ...defaultStatuses, completed: { ...defaultStatuses.completed, visible: false } },
    });
    expect(await settingsOf(user)).toEqual(replaced);
  });

  it('takes back the settings it answered (the answer round-trips through PUT, server-owned fields ignored)', async () => {
    const user = await newUser();
    const changed = await write(user, 'PATCH', '/settings', { theme: 'dark', weekStart: 'saturday', statusSettings: { completed: { priority: 1 } } });
    const before = await settingsEvents(user);
    const again = await write(user, 'PUT', '/settings', { ...changed, id: randomUUID(), userId: randomUUID(), createdAt: '2000-01-01T00:00:00Z' });
    expect(again).toEqual(changed);
    // Nothing changed, so nothing is recorded.
    expect(await settingsEvents(user)).toEqual(before);
  });

  it('PUT /settings/status replaces the status settings and leaves the rest', async () => {
    const user = await newUser();
    await write(user, 'PATCH', '/settings', { theme: 'dark', statusSettings: { completed: { visible: false } } });
    const statusSettings = {
      pending: { priority: 1, visible: true, color: '#ABCDEF' },
      'in-progress': { priority: 2, visible: false, color: '#000' },
    };
    const after = await write(user, 'PUT', '/settings/status', { statusSettings });
    expect(after.theme).toBe('dark');
    expect(after.statusSettings).toEqual({ ...defaultStatuses, ...statusSettings });
  });

  it('PUT /settings/weekStart takes every day of the week, nothing else', async () => {
    const user = await newUser();
    for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']) {
      expect((await write(user, 'PUT', '/settings/weekStart', { weekStart: day })).weekStart).toBe(day);
    }
    for (const weekStart of ['funday', 'Monday', 1, null, '']) {
      const res = await call(user, 'PUT', '/settings/weekStart', { weekStart });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toBe('weekStart');
    }
    expect((await call(user, 'PUT', '/settings/weekStart', {})).body.errors[0].field).toBe('weekStart');
  });

  it("PUT /settings/timezone is the user's time zone: /auth/me shows it, the event is in the user's stream, and a profile change shows in settings", async () => {
    const user = await newUser();
    const after = await write(user, 'PUT', '/settings/timezone', { timezone: 'Pacific/Auckland' });
    expect(after.timezone).toBe('Pacific/Auckland');
    expect((await call(user, 'GET', '/auth/me')).body.user.timezone).toBe('Pacific/Auckland');
    expect(await settingsEvents(user)).toEqual([{ type: 'UserSettingsUpdated', data: { userId: user.id, timezone: 'Pacific/Auckland' } }]);

    const profile = await call(user, 'PUT', '/users/profile', { timezone: 'Europe/Lisbon' });
    expect(profile.status).toBe(200);
    expect((await settingsOf(user)).timezone).toBe('Europe/Lisbon');
    // Setting the zone the user already has records nothing more.
    await write(user, 'PUT', '/settings/timezone', { timezone: 'Europe/Lisbon' });
    expect(await settingsEvents(user)).toHaveLength(1);
  });

  it('a new time zone counts later days and rewrites no local date already recorded', async () => {
    const user = await newUser();
    // Today stays the day it is (Kiritimati's date applies once today ends, unless it is today's already).
    const { today } = await write(user, 'PUT', '/settings/timezone', { timezone: 'Pacific/Kiritimati' });
    const done = await call(user, 'POST', '/actionables', { title: 'Before the move', status: 'completed' });
    expect(done.status).toBe(201);
    const recorded = (await eventsOf(user)).length;
    expect(recorded).toBeGreaterThan(0);
    const kiritimatiToday = today.date;
    const heatmapDays = async () =>
      (
        (await call(user, 'GET', `/actionables/heatmap?startDate=${shift(kiritimatiToday, -3)}&endDate=${shift(kiritimatiToday, 1)}`)).body.heatmap as Array<{
          date: string;
          count: number;
        }>
      )
        .filter((day) => day.count > 0)
        .map((day) => day.date);
    expect(await heatmapDays()).toEqual([kiritimatiToday]);
    await write(user, 'PUT', '/settings/timezone', { timezone: 'Pacific/Pago_Pago' });
    expect(await heatmapDays()).toEqual([kiritimatiToday]);
  });

  it('PUT /settings/reset goes back to the defaults, time zone included', async () => {
    const user = await newUser();
    await write(user, 'PATCH', '/settings', { theme: 'dark', weekStart: 'monday', timezone: 'Asia/Kolkata', statusSettings: { pending: { visible: false } } });
    const reset = await write(user, 'PUT', '/settings/reset');
    expect(reset).toMatchObject(defaults);
    expect(await settingsOf(user)).toEqual(reset);
    expect((await call(user, 'GET', '/auth/me')).body.user.timezone).toBe('America/New_York');
    expect((await settingsEvents(user)).map((event) => event.type)).toEqual(['UserSettingsUpdated', 'UserSettingsReset']);
    // Already the defaults: nothing more is recorded.
    await write(user, 'PUT', '/settings/reset');
    expect(await settingsEvents(user)).toHaveLength(2);
  });

  it('refuses invalid values with 400 naming the field, and changes nothing', async () => {
    const user = await newUser();
    const cases: Array<[string, string, unknown, string]> = [
      ['PUT', '/settings/timezone', { timezone: 'Mars/Phobos' }, 'timezone'],
      ['PUT', '/settings/timezone', { timezone: 'America/New_York\u0000' }, 'timezone'],
      ['PUT', '/settings/timezone', { timezone: '\ud800' }, 'timezone'],
      ['PUT', '/settings/timezone', { timezone: ['UTC'] }, 'timezone'],
      ['PUT', '/settings/timezone', {}, 'timezone'],
      ['PATCH', '/settings', { timezone: 'Mars/Phobos' }, 'timezone'],
      ['PATCH', '/settings', { weekStart: 'funday' }, 'weekStart'],
      ['PATCH', '/settings', { theme: 'neon' }, 'theme'],
      ['PATCH', '/settings', { theme: 'dark\u0000' }, 'theme'],
      ['PUT', '/settings', { theme: null }, 'theme'],
      ['PATCH', '/settings', { statusSettings: { pending: { priority: 0 } } }, 'statusSettings.pending.priority'],
      ['PATCH', '/settings', { statusSettings: { pending: { priority: 5 } } }, 'statusSettings.pending.priority'],
      ['PATCH', '/settings', { statusSettings: { pending: { priority: 1.5 } } }, 'statusSettings.pending.priority'],
      ['PATCH', '/settings', { statusSettings: { pending: { priority: '1' } } }, 'statusSettings.pending.priority'],
      ['PATCH', '/settings', { statusSettings: { completed: { visible: 'yes' } } }, 'statusSettings.completed.visible'],
      ['PATCH', '/settings', { statusSettings: { completed: { color: 'red' } } }, 'statusSettings.completed.color'],
      ['PATCH', '/settings', { statusSettings: { completed: { color: '#6366F1\u0000' } } }, 'statusSettings.completed.color'],
      ['PATCH', '/settings', { statusSettings: { completed: { color: '#6366F' } } }, 'statusSettings.completed.color'],
      ['PATCH', '/settings', { statusSettings: [defaultStatuses] }, 'statusSettings'],
      ['PATCH', '/settings', { statusSettings: { pending: [1, true, COLOR] } }, 'statusSettings.pending'],
      ['PATCH', '/settings', { statusSettings: { pending: { priority: { value: 1 } } } }, 'statusSettings.pending.priority'],
      ['PUT', '/settings/status', {}, 'statusSettings'],
      ['PUT', '/settings/status', { statusSettings: 'in-progress,pending' }, 'statusSettings'],
      ['PUT', '/settings/status', { statusSettings: { 'in-progress': { priority: 99 } } }, 'statusSettings.in-progress.priority'],
      ['PATCH', '/settings', { dayStartHour: -1 }, 'dayStartHour'],
      ['PATCH', '/settings', { dayStartHour: 24 }, 'dayStartHour'],
      ['PATCH', '/settings', { dayStartHour: 1.5 }, 'dayStartHour'],
      ['PATCH', '/settings', { dayStartHour: '3' }, 'dayStartHour'],
      ['PATCH', '/settings', { dayStartHour: null }, 'dayStartHour'],
      ['PATCH', '/settings', { dayStartHour: true }, 'dayStartHour'],
      ['PUT', '/settings', { dayStartHour: 24 }, 'dayStartHour'],
      ['PUT', '/settings', { dayStartHour: null }, 'dayStartHour'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call(user, method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(
        res.body.errors.map((error: { field: string }) => error.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    for (const raw of ['[]', '"dark"', '[{"theme":"dark"}]']) {
      const res = await app.json('PATCH', '/api/settings', { token: user.token, body: raw });
      expect(res.status, raw).toBe(400);
    }
    expect(await settingsOf(user)).toMatchObject(defaults);
    expect(await settingsEvents(user)).toEqual([]);
  });

  it('dayStartHour: 0 by default; a change is the setting at once and today’s day start from tomorrow on; PUT and reset take it back to 0', async () => {
    const user = await newUser();
    const before = await settingsOf(user);
    expect(before).toMatchObject({ dayStartHour: 0, today: { timezone: 'America/New_York', dayStartHour: 0 }, next: null });
    const changed = await write(user, 'PATCH', '/settings', { dayStartHour: 4 });
    expect(changed).toMatchObject({ dayStartHour: 4, today: { ...before.today, dayStartHour: 0 }, next: { timezone: 'America/New_York', dayStartHour: 4 } });
    expect(await settingsOf(user)).toEqual(changed);
    expect((await settingsEvents(user)).map((event) => event.data)).toEqual([{ userId: user.id, dayStartHour: 4 }]);
    // Every hour of the day is one.
    expect(await write(user, 'PATCH', '/settings', { dayStartHour: 23 })).toMatchObject({ dayStartHour: 23 });
    expect(await write(user, 'PATCH', '/settings', { dayStartHour: 0 })).toMatchObject({ dayStartHour: 0, next: null });
    expect(await write(user, 'PUT', '/settings', { dayStartHour: 5 })).toMatchObject({ dayStartHour: 5 });
    expect(await write(user, 'PUT', '/settings', {})).toMatchObject({ dayStartHour: 0, next: null });
    await write(user, 'PATCH', '/settings', { dayStartHour: 6 });
    expect(await write(user, 'PUT', '/settings/reset')).toMatchObject({ ...defaults, next: null });
  });

  it('drops unknown fields, as every body does', async () => {
    const user = await newUser();
    const after = await write(user, 'PATCH', '/settings', {
      theme: 'dark',
      language: 'fr',
      statusSettings: { archived: { priority: 9 }, pending: { priority: 3, glow: true } },
    });
    expect(after).toMatchObject({ theme: 'dark', statusSettings: { ...defaultStatuses, pending: { priority: 3, visible: true, color: COLOR } } });
    expect(after).not.toHaveProperty('language');
    expect(after.statusSettings).not.toHaveProperty('archived');
  });

  it("keeps each user's settings to that user", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await write(alice, 'PATCH', '/settings', { theme: 'dark', timezone: 'Asia/Tokyo', statusSettings: { completed: { visible: false } } });
    // A userId in a body is ignored: the token says whose settings change.
    await write(bob, 'PATCH', '/settings', { userId: alice.id, id: alice.id, weekStart: 'monday' });
    expect(await settingsOf(bob)).toMatchObject({ ...defaults, weekStart: 'monday', userId: bob.id, id: bob.id });
    expect(await settingsOf(alice)).toMatchObject({ theme: 'dark', weekStart: 'sunday', timezone: 'Asia/Tokyo', userId: alice.id });
    await write(bob, 'PUT', '/settings/reset');
    expect((await settingsOf(alice)).theme).toBe('dark');
    expect((await call(bob, 'GET', '/auth/me')).body.user.timezone).toBe('America/New_York');
  });

  it('needs a signed-in user', async () => {
    for (const [method, path] of [
      ['GET', '/settings'],
      ['PUT', '/settings'],
      ['PATCH', '/settings'],
      ['PUT', '/settings/status'],
      ['PUT', '/settings/timezone'],
      ['PUT', '/settings/weekStart'],
      ['PUT', '/settings/reset'],
    ] as const) {
      expect((await app.json(method, `/api${path}`, method === 'GET' ? {} : { body: {} })).status).toBe(401);
    }
  });

  it('records one change when a write is retried with the same Idempotency-Key', async () => {
    const user = await newUser();
    const headers = { 'idempotency-key': `settings-${randomUUID()}` };
    const first = await call(user, 'PATCH', '/settings', { theme: 'dark' }, headers);
    // Another change in between; the retry must not undo it nor record the first one again.
    await write(user, 'PATCH', '/settings', { theme: 'light' });
    const again = await call(user, 'PATCH', '/settings', { theme: 'dark' }, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect((await settingsEvents(user)).map((event) => event.data.theme)).toEqual(['dark', 'light']);
    expect((await settingsOf(user)).theme).toBe('light');
  });
});

describe('past the read-your-writes bound', () => {
  it('answers every write from the command’s own state, saying so', async () => {
    const lagging = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '100' } });
    try {
      const { token, user } = await lagging.registerUser();
      const registered = (await lagging.json('GET', '/api/settings', { token })).body.settings;
      // From here no projector runs: every read-your-writes wait runs out.
      await lagging.runtime.runner!.stop();
      const send = (method: string, path: string, body?: unknown) => lagging.json(method, `/api${path}`, { token, ...(body !== undefined ? { body } : {}) });
      const patched = await send('PATCH', '/settings', { theme: 'dark', statusSettings: { completed: { visible: false } } });
      expect(patched.status).toBe(200);
      expect(patched.headers.get('x-read-models-behind')).toBe('user_settings, users');
      expect(patched.body.settings).toMatchObject({
        ...defaults,
        theme: 'dark',
        statusSettings: { ...defaultStatuses, completed: { ...defaultStatuses.completed, visible: false } },
        id: user.id,
        userId: user.id,
        createdAt: registered.createdAt,
      });
      expect(Date.parse(patched.body.settings.updatedAt)).toBeGreaterThanOrEqual(Date.parse(registered.createdAt));
      const zoned = await send('PUT', '/settings/timezone', { timezone: 'Asia/Kathmandu' });
      expect(zoned.body.settings).toMatchObject({ timezone: 'Asia/Kathmandu', theme: 'dark' });
      // Today from the command's own calendar: Kathmandu at once if the date there is today's, else from tomorrow.
      const { today, next } = zoned.body.settings;
      expect(next).toEqual(today.timezone === 'Asia/Kathmandu' ? null : { timezone: 'Asia/Kathmandu', dayStartHour: 0 });
      const reset = await send('PUT', '/settings/reset');
      expect(reset.status).toBe(200);
      expect(reset.body.settings).toMatchObject(defaults);
    } finally {
      await lagging.stop();
    }
  });
});

/** A calendar date `days` away. */
const shift = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
