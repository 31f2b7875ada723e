import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { recurrenceBody } from '@tracker/contracts/actionables/http';
import { isFrozen, periodOf, type HabitSchedule } from '@tracker/domain/actionables/habit-schedule';
import { addDays } from '@tracker/domain/time/local-date';
import { readFeed, type ReadFeed } from '../src/calendar/testing/feed-reader.ts';
import { FEED_LIMITS } from '../src/calendar/calendar.routes.ts';
import { apiClient, useTestApp, type ApiUser as User } from './support/api-client.ts';
import { forwardClock } from './support/forward-clock.ts';

// Issue 20's calendar feed over HTTP, read by a real iCalendar parser (ical.js): its habits occur on
// the server's schedule (habit-schedule, and later the habit's own history) for 90 days in five zones,
// its to-dos start at their deadlines; ETag and 304; rotation; nobody else's data; bad secrets.

const APP_URL = 'https://tracker.example';
const app = useTestApp({ env: { APP_URL } });
const { call, newUser, created, ok, signIn } = apiClient(app);

const { now, moveTo } = forwardClock(app);

/** A GET that must answer 200; its body. */
const read = async (user: User, path: string) => {
  const res = await call(user, 'GET', path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const feedUrl = async (user: User): Promise<string> => {
  const { url } = await read(user, '/calendar/feed-url');
  expect(url).toMatch(new RegExp(`^${APP_URL}/api/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`));
  return url as string;
};
/** The feed at `url` (its path on the test server), with no token. */
const fetchFeed = (url: string, headers: Record<string, string> = {}) => app.request('GET', new URL(url).pathname, { headers });
const readOk = async (url: string): Promise<{ feed: ReadFeed; text: string; etag: string }> => {
  const res = await fetchFeed(url);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`feed: ${res.status} ${text}`);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('private, no-cache');
  return { feed: readFeed(text), text, etag: res.headers.get('etag')! };
};

interface Habit {
  id: string;
  schedule: HabitSchedule;
}
const newHabit = async (user: User, title: string, body: Record<string, unknown>): Promise<Habit> => {
  const { habit } = await created(user, '/actionables/habits', { title, ...body });
  return { id: habit.id, schedule: { recurrence: recurrenceBody.parse(habit.recurrence), startDate: habit.startDate } };
};
/** The days a habit's events fall on (its one event, or two for monthly on day 29 or 30). */
const feedDays = (feed: ReadFeed, habitId: string, from: string, to: string): string[] =>
  feed.events
    .filter((event) => event.uid.startsWith(`habit-${habitId}`))
    .flatMap((event) => event.daysBetween(from, to))
    .sort();

/** Where the server's schedule puts a habit's event: each occurrence (N per week: each week's first day from the start's week), frozen ones left out. */
const scheduledDays = (schedule: HabitSchedule, freezes: Array<{ from: string; to: string }>, from: string, to: string): string[] => {
  const days: string[] = [];
  const weekOf = (date: string) => periodOf({ ...schedule, startDate: null }, date);
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const period =
      schedule.recurrence.frequency === 'timesPerWeek' ? (weekOf(date) === date ? periodOf(schedule, addDays(date, 6)) : null) : periodOf(schedule, date);
    if (period === date && !isFrozen(schedule, date, freezes)) days.push(date);
  }
  return days;
};

const ZONES = ['America/New_York', 'Pacific/Kiritimati', 'Asia/Kolkata', 'Etc/GMT+12', 'Australia/Lord_Howe'] as const;
const DAYS = 90;

describe('the feed matches the server’s schedule for 90 days in five zones', () => {
  it('habits by schedule (frozen days left out), to-dos at their deadline, completed ones marked — then the habits’ own history agrees', async () => {
    // Mid-February: the 90 days ahead hold New York's spring change and Lord Howe's half-hour autumn one.
    const start = now('UTC').plus({ days: 1 });
    moveTo(
      DateTime.fromObject(
        { year: start.month > 2 || (start.month === 2 && start.day > 15) ? start.year + 1 : start.year, month: 2, day: 15, hour: 12 },
        { zone: 'UTC' },
      ),
    );

    const cases = [];
    for (const zone of ZONES) {
      const user = await newUser(`Feed ${zone}`, zone);
      const today = now(zone).toISODate()!;
      const habits = [
        await newHabit(user, 'Daily', { recurrence: { frequency: 'daily' } }),
        await newHabit(user, 'Mon Wed Fri', { recurrence: { frequency: 'weekly', days: [1, 3, 5] } }),
        await newHabit(user, 'Month end', { recurrence: { frequency: 'monthly', dayOfMonth: 31 } }),
        await newHabit(user, 'Day 30', { recurrence: { frequency: 'monthly', dayOfMonth: 30 }, startDate: addDays(today, -20) }),
        await newHabit(user, 'Every 3 days', { recurrence: { frequency: 'everyNDays', everyNDays: 3 }, startDate: addDays(today, -10) }),
        await newHabit(user, 'Three a week', { recurrence: { frequency: 'timesPerWeek', timesPerWeek: 3 } }),
      ];
      const all = await created(user, '/actionables/habits/freezes', { from: addDays(today, 5), to: addDays(today, 11) });
      const one = await created(user, '/actionables/habits/freezes', { habitId: habits[1]!.id, from: addDays(today, 40), to: addDays(today, 45) });
      // To-dos at 09:30 local, a week apart (across the DST changes), and one of them completed.
      const todos = [];
      for (let week = 0; week < 13; week += 1) {
        const deadline = now(zone)
          .startOf('day')
          .plus({ days: 1 + 7 * week })
          .set({ hour: 9, minute: 30 });
        const { actionable } = await created(user, '/actionables', { title: `Due ${week}`, deadline: deadline.toISO() });
        todos.push(actionable);
      }
      await ok(user, 'PATCH', `/actionables/${todos[0].id}/complete`);
      cases.push({ zone, user, today, habits, freezes: [all.freeze, one.freeze], todos });
    }

    for (const { zone, user, today, habits, freezes, todos } of cases) {
      const { feed } = await readOk(await feedUrl(user));
      expect(feed.zone).toBe(zone);
      expect(feed.timezones).toEqual([zone]);
      const to = addDays(today, DAYS - 1);
      for (const habit of habits) {
        const covering = freezes.filter((freeze) => freeze.habitId === null || freeze.habitId === habit.id);
        expect([zone, habit.schedule.recurrence.frequency, feedDays(feed, habit.id, today, to)]).toEqual([
          zone,
          habit.schedule.recurrence.frequency,
          scheduledDays(habit.schedule, covering, today, to),
        ]);
      }
      const events = feed.events.filter((event) => event.uid.startsWith('todo-'));
      expect(events.map((event) => [event.summary, event.start.toISOString()])).toEqual(
        todos.map((todo, index) => [index === 0 ? `✓ ${todo.title}` : todo.title, new Date(todo.deadline).toISOString()]),
      );
      // Written in the user's zone (none of these deadlines is in an hour a DST change repeats).
      expect(new Set(events.map((event) => event.tzid))).toEqual(new Set([zone]));
      expect(events[0]!.categories).toEqual(['To-do', 'Completed']);
    }

    // 91 days on, the 90 days are history: the server's own account of each day agrees with the feed.
    moveTo(now('UTC').plus({ days: DAYS + 1 }));
    for (const { zone, user: registered, today, habits } of cases) {
      const user = await signIn(registered);
      const { feed } = await readOk(await feedUrl(user));
      const to = addDays(today, DAYS - 1);
      for (const habit of habits.filter((h) => h.schedule.recurrence.frequency !== 'timesPerWeek')) {
        const { history } = await read(user, `/actionables/habits/${habit.id}/history?startDate=${today}&endDate=${to}`);
        const days = history as Array<{ date: string; state: string }>;
        const occurring = days.filter((day) => day.state !== 'notDue' && day.state !== 'frozen').map((day) => day.date);
        expect([zone, habit.schedule.recurrence, feedDays(feed, habit.id, today, to)]).toEqual([zone, habit.schedule.recurrence, occurring]);
        // Each frozen day of the history is an occurrence the feed left out.
        const frozen = days.filter((day) => day.state === 'frozen').map((day) => day.date);
        for (const day of frozen) expect(occurring).not.toContain(day);
      }
    }
  }, 240_000);
});

describe('conditional GET', () => {
  it('answers 304 to the ETag it gave while nothing changed, and a new ETag once something did', async () => {
    const user = await newUser();
    const url = await feedUrl(user);
    const first = await readOk(url);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);

    const again = await fetchFeed(url, { 'If-None-Match': first.etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(first.etag);
    // Another tag, or a list that names it among others.
    expect((await fetchFeed(url, { 'If-None-Match': '"stale"' })).status).toBe(200);
    expect((await fetchFeed(url, { 'If-None-Match': `"stale", ${first.etag}` })).status).toBe(304);

    await created(user, '/actionables', { title: 'Dentist', deadline: now(user.timezone).plus({ days: 3 }).toISO() });
    const changed = await fetchFeed(url, { 'If-None-Match': first.etag });
    expect(changed.status).toBe(200);
    const etag = changed.headers.get('etag');
    expect(etag).not.toBe(first.etag);
    expect(readFeed(await changed.text()).events.map((event) => event.summary)).toEqual(['Dentist']);
    expect((await fetchFeed(url, { 'If-None-Match': etag! })).status).toBe(304);
  });
});

describe('rotating the URL', () => {
  it('gives a new URL that works at once; the old one answers 404 from then on', async () => {
    const user = await newUser();
    await created(user, '/actionables', { title: 'Mine', deadline: now(user.timezone).plus({ days: 2 }).toISO() });
    const url = await feedUrl(user);
    expect(await feedUrl(user)).toBe(url);
    expect((await readOk(url)).feed.events).toHaveLength(1);

    const rotated = await call(user, 'POST', '/calendar/feed-url/rotate');
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.url as string;
    expect(fresh).not.toBe(url);
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await readOk(fresh)).feed.events.map((event) => event.summary)).toEqual(['Mine']);
    expect(await feedUrl(user)).toBe(fresh);
  });

  it('a rotation retried under the same Idempotency-Key rotates once', async () => {
    const user = await newUser();
    const url = await feedUrl(user);
    const key = { 'Idempotency-Key': `rotate-${user.id}` };
    const first = await call(user, 'POST', '/calendar/feed-url/rotate', undefined, key);
    const retry = await call(user, 'POST', '/calendar/feed-url/rotate', undefined, key);
    expect(retry.body.url).toBe(first.body.url);
    expect(first.body.url).not.toBe(url);
    expect((await fetchFeed(first.body.url)).status).toBe(200);
  });

  it('asks for a session to show or rotate the URL', async () => {
    expect((await app.json('GET', '/api/calendar/feed-url')).status).toBe(401);
    expect((await app.json('POST', '/api/calendar/feed-url/rotate')).status).toBe(401);
  });
});

describe('whose data', () => {
  it('a feed shows its owner’s items only, and a secret one character off opens nothing', async () => {
    const alice = await newUser('Alice');
    const bob = await newUser('Bob');
    await created(alice, '/actionables', { title: 'Alice’s deadline', deadline: now(alice.timezone).plus({ days: 2 }).toISO() });
    await created(alice, '/actionables/habits', { title: 'Alice’s habit' });
    await created(bob, '/actionables', { title: 'Bob’s deadline', deadline: now(bob.timezone).plus({ days: 2 }).toISO() });
    const aliceUrl = await feedUrl(alice);
    const bobUrl = await feedUrl(bob);
    expect(aliceUrl).not.toBe(bobUrl);
    const aliceFeed = await readOk(aliceUrl);
    expect(aliceFeed.feed.events.map((event) => event.summary).sort()).toEqual(['Alice’s deadline', 'Alice’s habit']);
    expect(aliceFeed.text).not.toContain('Bob');
    expect((await readOk(bobUrl)).feed.events.map((event) => event.summary)).toEqual(['Bob’s deadline']);

    const secret = new URL(aliceUrl).pathname.split('/').at(-1)!;
    const flipped = `${secret[0] === 'A' ? 'B' : 'A'}${secret.slice(1)}`;
    expect((await app.request('GET', `/api/calendar/feed/${flipped}`)).status).toBe(404);
    // Bob's token changes nothing about which feed a URL opens.
    expect((await app.request('GET', new URL(aliceUrl).pathname, { token: bob.token })).status).toBe(200);
    expect((await readOk(aliceUrl)).text).not.toContain('Bob');
  });
});

describe('bad input', () => {
  it('answers 404 (or 400, or 431 for headers over 16 KB) and never a 5xx', async () => {
    const user = await newUser();
    const secret = new URL(await feedUrl(user)).pathname.split('/').at(-1)!.replace('.ics', '');
    const paths = [
      'garbage',
      'garbage.ics',
      `${secret}.ics.ics`,
      `${secret}x.ics`,
      `${secret.slice(0, 42)}%00.ics`,
      `%00${secret}`,
      '%00',
      '%E0%A4%A',
      '%ZZ',
      '..%2F..%2Fsettings',
      `${secret}%2Fx`,
      'a'.repeat(8_000),
      encodeURIComponent('💥'.repeat(200)),
      'a'.repeat(20_000),
    ];
    for (const path of paths) {
      const res = await app.request('GET', `/api/calendar/feed/${path}`);
      expect([path.slice(0, 40), [400, 404, 431]]).toEqual([path.slice(0, 40), expect.arrayContaining([res.status])]);
    }
    // The bare secret works too (without .ics); a query string changes nothing.
    expect((await app.request('GET', `/api/calendar/feed/${secret}`)).status).toBe(200);
    expect((await app.request('GET', `/api/calendar/feed/${secret}.ics?${'q=1&'.repeat(1000)}`)).status).toBe(200);
  });

  it('a feed fetched past its limit answers 429 with Retry-After', async () => {
    const user = await newUser();
    const url = await feedUrl(user);
    for (let i = 0; i < FEED_LIMITS.perFeed.limit; i += 1) expect((await fetchFeed(url)).status).toBe(200);
    const over = await fetchFeed(url);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000);
});

describe('the API description', () => {
  it('describes the feed as text/calendar with its ETag and 304, public, and the URL routes', async () => {
    const { body } = await app.json('GET', '/api/openapi.json');
    const feed = body.paths['/api/calendar/feed/{secret}'].get;
    expect(feed).toMatchObject({
      operationId: 'getCalendarFeed',
      security: [],
      responses: { '200': { content: { 'text/calendar': { schema: { type: 'string' } } }, headers: { ETag: {} } }, '304': {}, '404': {}, '429': {} },
    });
    expect(feed.parameters).toContainEqual(expect.objectContaining({ name: 'If-None-Match', in: 'header' }));
    expect(body.paths['/api/calendar/feed-url'].get.operationId).toBe('getCalendarFeedUrl');
    expect(body.paths['/api/calendar/feed-url/rotate'].post.operationId).toBe('rotateCalendarFeedUrl');
  });
});
