import type { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { apiClient, useTestApp, type ApiUser as User } from './support/api-client.ts';
import { forwardClock } from './support/forward-clock.ts';

// Issue 18 over HTTP: taking a habit completion back, recording a missed day, freezes, a habit's
// history from the facts, and a habit never due before its start. The app's clock only moves
// forward (app.advanceClock); each case moves it to local noon of the day it needs, in the user's zone.

const app = useTestApp();
const { call, newUser, created, ok, signIn } = apiClient(app);

const { now, moveTo } = forwardClock(app);
/** Noon of the next day (after today) that `matches`, in the zone. */
const moveToNext = (zone: string, matches: (day: DateTime) => boolean) => {
  let day = now(zone).startOf('day').plus({ days: 1 });
  while (!matches(day)) day = day.plus({ days: 1 });
  moveTo(day.set({ hour: 12 }));
};
/** Noon, `days` days on. */
const moveDays = (zone: string, days: number) => moveTo(now(zone).startOf('day').plus({ days }).set({ hour: 12 }));
const today = (zone: string): string => now(zone).toISODate()!;
const daysFrom = (zone: string, days: number): string => now(zone).plus({ days }).toISODate()!;

/** A GET that must answer 200; its body. */
const read = async (user: User, path: string) => {
  const res = await call(user, 'GET', path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const newHabit = (user: User, body: Record<string, unknown> = {}) => created(user, '/actionables/habits', { title: 'Meditate', ...body }).then((b) => b.habit);
const total = async (user: User): Promise<number> => (await read(user, '/points/stats')).stats.total;
const habitOf = async (user: User, id: string) => (await read(user, `/actionables/${id}`)).actionable;
const history = async (user: User, id: string, query = '') => {
  const res = await call(user, 'GET', `/actionables/habits/${id}/history${query}`);
  if (res.status !== 200) throw new Error(`history: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.history as Array<{ date: string; state: string }>;
};
/** The zone new accounts count their days in (a user is created after a long move: tokens expire). */
const defaultZone = async (): Promise<string> => (await newUser()).timezone;
const auditOf = async (user: User) => (await read(user, '/points/audit')).audit;

describe('taking a habit completion back (finding 2)', () => {
  it('names the day an undo would take back: a day recorded after today’s completion is the last, and goes first', async () => {
    const user = await newUser();
    const zone = user.timezone;
    moveDays(zone, 1);
    const habit = await newHabit(user, { startDate: daysFrom(zone, -3) });
    const done = await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    expect(done.habit.habitToday).toMatchObject({ state: 'done', canUndo: true, undoes: today(zone) });
    const yesterday = daysFrom(zone, -1);
    const recorded = await ok(user, 'POST', `/actionables/habits/${habit.id}/completions`, { date: yesterday });
    expect(recorded.habit.habitToday).toMatchObject({ state: 'done', canUndo: true, undoes: yesterday });
    expect((await habitOf(user, habit.id)).habitToday).toMatchObject({ undoes: yesterday });
    // The undo takes back what it named; today's completion is then the last, and named.
    const undone = await ok(user, 'PATCH', `/actionables/habits/${habit.id}/uncomplete`);
    expect(undone).toMatchObject({ occurrence: yesterday, habit: { habitToday: { state: 'done', canUndo: true, undoes: today(zone) } } });
    const again = await ok(user, 'PATCH', `/actionables/habits/${habit.id}/uncomplete`);
    expect(again).toMatchObject({ occurrence: today(zone), habit: { habitToday: { state: 'due', canUndo: false, undoes: null } } });
  });

  it('revokes exactly its points, the streak as before, and the day can be completed again', async () => {
    const user = await newUser();
    const zone = user.timezone;
    moveDays(zone, 1);
    const habit = await newHabit(user, { weight: 2 });
    expect((await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`)).streak).toBe(1);
    moveDays(zone, 1);
    const second = await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    expect(second).toMatchObject({ pointsAwarded: 22, streak: 2, habit: { habitToday: { state: 'done', canUndo: true } } });
    expect(await total(user)).toBe(42);

    const undone = await call(user, 'PATCH', `/actionables/habits/${habit.id}/uncomplete`);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({
      pointsRevoked: 22,
      occurrence: today(zone),
      streak: 1,
      habit: { id: habit.id, streak: 1, pointsAwarded: 20, habitToday: { state: 'due', occurrence: today(zone), doneInPeriod: 0, canUndo: false } },
    });
    expect(await total(user)).toBe(20);
    expect((await habitOf(user, habit.id)).streak).toBe(1);
    const activity = (await read(user, '/points/recent?limit=5')).activities;
    expect(activity[0]).toMatchObject({ type: 'taken_back', entityType: 'habit', entityId: habit.id, points: -22, title: 'Meditate' });

    // Completing again is allowed, and earns the same.
    expect(await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`)).toMatchObject({ pointsAwarded: 22, streak: 2 });
    expect(await total(user)).toBe(42);
    expect(await auditOf(user)).toMatchObject({ consistent: true, mismatches: [], recordedTotal: 42, recomputedTotal: 42, ledgerTotal: 42 });
  });

  it('409 when there is nothing to take back, and once its period is over and it was recorded another day', async () => {
    const user = await newUser();
    const zone = user.timezone;
    const habit = await newHabit(user);
    const nothing = await call(user, 'PATCH', `/actionables/habits/${habit.id}/uncomplete`);
    expect(nothing).toMatchObject({ status: 409, body: { code: 'nothing_to_undo' } });
    await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    moveDays(zone, 1);
    expect((await habitOf(user, habit.id)).habitToday).toMatchObject({ state: 'due', canUndo: false });
    const late = await call(user, 'PATCH', `/actionables/habits/${habit.id}/uncomplete`);
    expect(late).toMatchObject({ status: 409, body: { code: 'undo_too_late' } });
  });

  it('a retry under the same Idempotency-Key answers the same and revokes once', async () => {
    const user = await newUser();
    const habit = await newHabit(user, { weight: 3 });
    await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    const headers = { 'Idempotency-Key': `undo-${habit.id}` };
    const first = await call(user, 'PATCH', `/actionables/habits/${habit.id}/uncomplete`, {}, headers);
    const again = await call(user, 'PATCH', `/actionables/habits/${habit.id}/uncomplete`, {}, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.pointsRevoked).toBe(30);
    expect(again.body.occurrence).toBe(first.body.occurrence);
    expect(await total(user)).toBe(0);
  });
});

describe('a habit before its start (finding 3)', () => {
  it('Mon/Wed/Fri created on a Thursday: not due until Friday, and completing on Thursday is refused', async () => {
    const user = await newUser();
    const zone = user.timezone;
    moveToNext(zone, (day) => day.weekday === 4);
    const habit = await newHabit(user, { recurrence: { frequency: 'weekly', days: [1, 3, 5] } });
    const friday = daysFrom(zone, 1);
    expect(habit).toMatchObject({ startDate: today(zone), habitToday: { state: 'notDue', occurrence: null, next: friday, canUndo: false } });
    expect((await habitOf(user, habit.id)).habitToday).toMatchObject({ state: 'notDue', next: friday });
    const refused = await call(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    expect(refused).toMatchObject({ status: 409, body: { code: 'habit_not_due', message: expect.stringContaining(friday) } });
    expect(await total(user)).toBe(0);
    // Not on today's list, nor due today.
    const daily = (await read(user, '/dashboard/daily-actionables')).actionables;
    expect(daily.map((item: { id: string }) => item.id)).not.toContain(habit.id);
    const due = (await read(user, `/actionables?date=${today(zone)}`)).actionables;
    expect(due.map((item: { id: string }) => item.id)).not.toContain(habit.id);
    // History: nothing before its start.
    const days = await history(user, habit.id, `?startDate=${daysFrom(zone, -3)}&endDate=${friday}`);
    expect(days.map((day) => day.state)).toEqual(['notDue', 'notDue', 'notDue', 'notDue', 'notDue']);

    moveDays(zone, 1);
    expect((await habitOf(user, habit.id)).habitToday).toMatchObject({ state: 'due', occurrence: today(zone) });
    expect(await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`)).toMatchObject({ pointsAwarded: 10, streak: 1 });
  });

  it('day 31 created on the 26th of a 30-day month: next due on the 30th', async () => {
    const zone = await defaultZone();
    moveToNext(zone, (day) => day.day === 26 && day.daysInMonth === 30);
    const user = await newUser();
    const habit = await newHabit(user, { recurrence: { frequency: 'monthly', dayOfMonth: 31 } });
    expect(habit.habitToday).toMatchObject({ state: 'notDue', next: daysFrom(zone, 4) });
    expect((await call(user, 'PATCH', `/actionables/habits/${habit.id}/complete`)).status).toBe(409);
  });
});

describe('the dashboard’s Today and the Habits card agree (one habitToday)', () => {
  it('a Mon/Wed/Fri habit on a Thursday with Wednesday open: Today offers it, counting for Wednesday, and keeps it once done', async () => {
    const zone = await defaultZone();
    moveToNext(zone, (day) => day.weekday === 4);
    // Signed in on the Thursday: the case spans two more days (a token lives seven).
    const user = await newUser();
    const wednesday = daysFrom(zone, -1);
    const habit = await newHabit(user, { title: 'Swim', recurrence: { frequency: 'weekly', days: [1, 3, 5] }, startDate: daysFrom(zone, -3) });
    const daily = async () =>
      (await read(user, '/dashboard/daily-actionables')).actionables as Array<{ id: string; completedToday: boolean; habitToday: unknown }>;
    const card = async () => ((await read(user, '/actionables/habits')).habits as Array<{ id: string; habitToday: unknown }>).find((h) => h.id === habit.id)!;

    expect((await card()).habitToday).toMatchObject({ state: 'due', occurrence: wednesday });
    const row = (await daily()).find((item) => item.id === habit.id);
    expect(row).toMatchObject({ completedToday: false, habitToday: (await card()).habitToday });

    await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    const done = (await daily()).find((item) => item.id === habit.id);
    expect(done).toMatchObject({ completedToday: true, habitToday: { state: 'done', occurrence: wednesday } });
    expect(done!.habitToday).toEqual((await card()).habitToday);

    // Friday: scheduled, due today. Saturday, Friday met: the day does not concern it, nor does its card offer anything.
    moveDays(zone, 1);
    expect((await daily()).find((item) => item.id === habit.id)).toMatchObject({ habitToday: { state: 'due', occurrence: today(zone) } });
    await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    moveDays(zone, 1);
    expect((await card()).habitToday).toMatchObject({ state: 'done' });
    expect((await daily()).map((item) => item.id)).not.toContain(habit.id);
  });
});

describe('a habit kept before it was entered', () => {
  it('starts on a startDate up to 30 days back: due since then, a missed day of it can be recorded; further back or malformed is a 400 naming startDate', async () => {
    const user = await newUser();
    const zone = user.timezone;
    const habit = await newHabit(user, { startDate: daysFrom(zone, -3) });
    expect(habit).toMatchObject({ startDate: daysFrom(zone, -3), habitToday: { state: 'due', occurrence: today(zone) } });
    expect((await call(user, 'POST', `/actionables/habits/${habit.id}/completions`, { date: daysFrom(zone, -3) })).status).toBe(201);
    expect((await call(user, 'POST', `/actionables/habits/${habit.id}/completions`, { date: daysFrom(zone, -4) })).status).toBe(400);
    expect((await history(user, habit.id, `?startDate=${daysFrom(zone, -4)}&endDate=${today(zone)}`)).map((day) => day.state)).toEqual([
      'notDue',
      'backfilled',
      'missed',
      'missed',
      'due',
    ]);
    for (const startDate of [daysFrom(zone, -31), '2026-02-30', `${today(zone)}\u0000`, 'x'.repeat(100_000), { from: today(zone) }, 20260101, true]) {
      const res = await call(user, 'POST', '/actionables/habits', { title: 'Too early', startDate });
      expect(res.status, JSON.stringify(startDate).slice(0, 40)).toBe(400);
      expect(res.body.errors?.[0]?.field, JSON.stringify(startDate).slice(0, 40)).toBe('startDate');
    }
  });
});

describe('recording a missed day, freezes and the history (finding 4)', () => {
  it('the history is told from the facts: done, missed, backfilled, frozen, due; streaks and points follow, the audit agrees', async () => {
    const zone = await defaultZone();
    moveDays(zone, 1);
    // Signed in on the first day: the case spans six more (a token lives seven).
    const user = await newUser();
    const habit = await newHabit(user, { weight: 1 });
    const start = today(zone);
    await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    moveDays(zone, 3);
    // Day 1 and day 2 passed in silence: the streak reads 0.
    expect((await habitOf(user, habit.id)).streak).toBe(0);
    const backfilled = await call(user, 'POST', `/actionables/habits/${habit.id}/completions`, { date: daysFrom(zone, -1) });
    expect(backfilled.status).toBe(201);
    // Day 2 recorded: it follows nothing (day 1 missed), streak 1, half of 10.
    expect(backfilled.body).toMatchObject({ pointsAwarded: 5, streak: 1, habit: { id: habit.id, habitToday: { state: 'due' } } });
    expect((await call(user, 'POST', `/actionables/habits/${habit.id}/completions`, { date: daysFrom(zone, -1) })).body.code).toBe('habit_already_completed');
    const completed = await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    expect(completed).toMatchObject({ streak: 2, pointsAwarded: 11 });
    const freeze = await call(user, 'POST', '/actionables/habits/freezes', { from: daysFrom(zone, 1), to: daysFrom(zone, 2), habitId: habit.id });
    expect(freeze.status).toBe(201);
    expect(freeze.body.freeze).toMatchObject({ habitId: habit.id, from: daysFrom(zone, 1), to: daysFrom(zone, 2) });

    expect(await history(user, habit.id, `?startDate=${daysFrom(zone, -4)}&endDate=${daysFrom(zone, 3)}`)).toEqual([
      { date: daysFrom(zone, -4), state: 'notDue' },
      { date: start, state: 'done' },
      { date: daysFrom(zone, -2), state: 'missed' },
      { date: daysFrom(zone, -1), state: 'backfilled' },
      { date: today(zone), state: 'done' },
      { date: daysFrom(zone, 1), state: 'frozen' },
      { date: daysFrom(zone, 2), state: 'frozen' },
      { date: daysFrom(zone, 3), state: 'notDue' },
    ]);
    // The default: the last 35 days to today.
    const recent = await history(user, habit.id);
    expect(recent).toHaveLength(35);
    expect(recent.at(-1)).toEqual({ date: today(zone), state: 'done' });

    // Across the freeze, the streak stands; the day after it, a completion extends it.
    moveDays(zone, 2);
    expect(await habitOf(user, habit.id)).toMatchObject({ streak: 2, habitToday: { state: 'frozen' } });
    moveDays(zone, 1);
    expect(await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`)).toMatchObject({ streak: 3, pointsAwarded: 12 });
    const total28 = 10 + 5 + 11 + 12;
    expect(await total(user)).toBe(total28);
    // Take the last back and record it again: the audit replays every award and revocation.
    await ok(user, 'PATCH', `/actionables/habits/${habit.id}/uncomplete`);
    await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    expect(await auditOf(user)).toMatchObject({ consistent: true, mismatches: [], recordedTotal: total28, recomputedTotal: total28, ledgerTotal: total28 });
  });

  it('a habit completed through the to-do route counts with its freezes too', async () => {
    const user = await newUser();
    const zone = user.timezone;
    moveDays(zone, 1);
    const habit = await newHabit(user, { weight: 1 });
    await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    expect((await call(user, 'POST', '/actionables/habits/freezes', { from: daysFrom(zone, 1), to: daysFrom(zone, 1), habitId: habit.id })).status).toBe(201);
    moveDays(zone, 2);
    // The day between frozen: the streak stands, and today's completion extends it.
    expect(await ok(user, 'PATCH', `/actionables/${habit.id}/complete`)).toMatchObject({ pointsAwarded: 11, actionable: { id: habit.id, streak: 2 } });
  });

  it('a backfill that joins two runs tops up the later days, and taking it back returns the streak and points exactly', async () => {
    const user = await newUser();
    const zone = user.timezone;
    moveDays(zone, 1);
    const habit = await newHabit(user, { weight: 1 });
    await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    moveDays(zone, 2);
    expect(await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`)).toMatchObject({ streak: 1, pointsAwarded: 10 });
    const before = await total(user);
    const joined = await ok(user, 'POST', `/actionables/habits/${habit.id}/completions`, { date: daysFrom(zone, -1) });
    expect(joined.streak).toBe(3);
    expect(joined.pointsAwarded).toBeGreaterThan(5);
    expect(await total(user)).toBe(before + joined.pointsAwarded);
    // The backfill was the last completion: taking it back returns everything it earned.
    const undone = await ok(user, 'PATCH', `/actionables/habits/${habit.id}/uncomplete`);
    expect(undone).toMatchObject({ pointsRevoked: joined.pointsAwarded, occurrence: daysFrom(zone, -1), streak: 1 });
    expect(await total(user)).toBe(before);
    expect(await auditOf(user)).toMatchObject({ consistent: true, mismatches: [] });
  });

  it('a backfill retried under its Idempotency-Key answers the same, awarded once', async () => {
    const user = await newUser();
    const zone = user.timezone;
    moveDays(zone, 1);
    const habit = await newHabit(user);
    moveDays(zone, 1);
    const headers = { 'Idempotency-Key': `backfill-${habit.id}` };
    const first = await call(user, 'POST', `/actionables/habits/${habit.id}/completions`, { date: daysFrom(zone, -1) }, headers);
    const again = await call(user, 'POST', `/actionables/habits/${habit.id}/completions`, { date: daysFrom(zone, -1) }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.pointsAwarded).toBe(first.body.pointsAwarded);
    expect(await total(user)).toBe(first.body.pointsAwarded);
  });
});

describe('the new routes refuse what they must', () => {
  it('backfill: a date outside the window or not scheduled is a 400 naming date; any malformed date too', async () => {
    const first = await newUser();
    const zone = first.timezone;
    moveDays(zone, 1);
    const weekly = await newHabit(first, { recurrence: { frequency: 'weekly', days: [now(zone).weekday % 7] } });
    const daily = await newHabit(first);
    moveDays(zone, 8);
    const user = await signIn(first);
    const path = (id: string) => `/actionables/habits/${id}/completions`;
    const refusedFor = async (id: string, body: unknown) => {
      const res = await call(user, 'POST', path(id), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]?.field ?? res.body.detail, JSON.stringify(body)).toMatch(/date/);
    };
    await refusedFor(daily.id, { date: today(zone) });
    await refusedFor(daily.id, { date: daysFrom(zone, 1) });
    await refusedFor(daily.id, { date: daysFrom(zone, -8) });
    // Before the habit's start.
    await refusedFor(daily.id, { date: daysFrom(zone, -9) });
    // Not one of its days: the weekly habit's day was 8 days ago (and 1 ago).
    await refusedFor(weekly.id, { date: daysFrom(zone, -2) });
    for (const date of ['2026-02-30', '2026-13-01', 'x\u0000', '9'.repeat(100_000), { $gt: '' }, ['2026-01-01'], 20260101, null, true, '']) {
      await refusedFor(daily.id, { date });
    }
    await refusedFor(daily.id, {});
    expect((await call(user, 'POST', path(daily.id), { date: daysFrom(zone, -1) })).status).toBe(201);
  });

  it('freezes: from and to named when wrong, overlaps 409, the monthly limit 422, a foreign or missing habit 404; cancel (DELETE): 204, 404, 409 begun', async () => {
    const zone = await defaultZone();
    // The 2nd of next month at noon: three freezes may all begin this month, tomorrow on.
    moveToNext(zone, (day) => day.day === 2);
    const user = await newUser();
    const stranger = await newUser();
    const habit = await newHabit(user);
    const theirs = await newHabit(stranger);
    const freeze = (body: unknown, who: User = user) => call(who, 'POST', '/actionables/habits/freezes', body);
    const namesField = async (body: unknown, field: string) => {
      const res = await freeze(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]?.field, JSON.stringify(body)).toBe(field);
    };
    await namesField({ from: '2026-02-30', to: daysFrom(zone, 2) }, 'from');
    await namesField({ from: daysFrom(zone, 1), to: 'tomorrow' }, 'to');
    await namesField({ from: daysFrom(zone, 1), to: { nested: true } }, 'to');
    await namesField({ from: `${daysFrom(zone, 1)}\u0000`, to: daysFrom(zone, 2) }, 'from');
    await namesField({ from: daysFrom(zone, 1), to: daysFrom(zone, 2), habitId: 'not-an-id' }, 'habitId');
    await namesField({ from: daysFrom(zone, -1), to: daysFrom(zone, 2) }, 'from');
    await namesField({ from: daysFrom(zone, 3), to: daysFrom(zone, 2) }, 'to');
    await namesField({ from: daysFrom(zone, 1), to: daysFrom(zone, 15) }, 'to');
    expect((await freeze({ from: daysFrom(zone, 1), to: daysFrom(zone, 2), habitId: theirs.id })).status).toBe(404);
    expect((await freeze({ from: daysFrom(zone, 1), to: daysFrom(zone, 2), habitId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);

    const all = await freeze({ from: today(zone), to: daysFrom(zone, 1) });
    expect(all.status).toBe(201);
    expect(all.body.freeze).toMatchObject({ habitId: null, from: today(zone), to: daysFrom(zone, 1) });
    expect((await freeze({ from: daysFrom(zone, 1), to: daysFrom(zone, 3) })).body.code).toBe('freeze_overlaps');
    const one = await freeze({ from: daysFrom(zone, 5), to: daysFrom(zone, 6), habitId: habit.id });
    expect(one.status).toBe(201);
    const third = await freeze({ from: daysFrom(zone, 10), to: daysFrom(zone, 11) });
    expect(third.status).toBe(422);
    expect(third.body.errors?.[0]?.field).toBe('from');

    expect((await read(user, '/actionables/habits/freezes')).freezes).toEqual([all.body.freeze, one.body.freeze]);
    expect((await read(stranger, '/actionables/habits/freezes')).freezes).toEqual([]);
    expect((await call(user, 'DELETE', `/actionables/habits/freezes/${all.body.freeze.id}`)).body.code).toBe('freeze_begun');
    expect((await call(stranger, 'DELETE', `/actionables/habits/freezes/${one.body.freeze.id}`)).status).toBe(404);
    expect((await call(user, 'DELETE', '/actionables/habits/freezes/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // Served by the freeze route, not taken for a habit's id: a malformed id names id, an old PATCH …/cancel finds nothing.
    expect((await call(user, 'DELETE', '/actionables/habits/freezes/not-an-id')).body.errors).toEqual([expect.objectContaining({ field: 'id' })]);
    expect((await call(user, 'PATCH', `/actionables/habits/freezes/${one.body.freeze.id}/cancel`)).status).toBe(404);
    expect((await call(user, 'DELETE', `/actionables/habits/freezes/${one.body.freeze.id}`)).status).toBe(204);
    expect((await read(user, '/actionables/habits/freezes')).freezes).toEqual([all.body.freeze]);
  });

  it('a freeze retried under its Idempotency-Key is one freeze', async () => {
    const user = await newUser();
    const zone = user.timezone;
    const headers = { 'Idempotency-Key': `freeze-${user.id}` };
    const body = { from: daysFrom(zone, 1), to: daysFrom(zone, 1) };
    const first = await call(user, 'POST', '/actionables/habits/freezes', body, headers);
    const again = await call(user, 'POST', '/actionables/habits/freezes', body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.freeze.id).toBe(first.body.freeze.id);
    expect((await read(user, '/actionables/habits/freezes')).freezes).toHaveLength(1);
  });

  it('history: endDate before startDate or more than 366 days after it is a 400 naming endDate; malformed dates name theirs', async () => {
    const user = await newUser();
    const habit = await newHabit(user);
    const refused = async (query: string, field: string) => {
      const res = await call(user, 'GET', `/actionables/habits/${habit.id}/history${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.[0]?.field, query).toBe(field);
    };
    await refused('?startDate=2026-03-02&endDate=2026-03-01', 'endDate');
    await refused('?startDate=2025-01-01&endDate=2026-01-02', 'endDate');
    await refused('?startDate=2026-02-30', 'startDate');
    await refused('?endDate=2026-1-1', 'endDate');
    expect(await history(user, habit.id, '?startDate=2025-01-01&endDate=2026-01-01')).toHaveLength(366);
  });

  it('another user’s habit, or none, is a 404 on every new route; a to-do is not a habit', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const habit = await newHabit(owner);
    await ok(owner, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    const todo = (await ok(owner, 'POST', '/actionables', { title: 'To-do' })).actionable;
    const missing = '00000000-0000-4000-8000-000000000000';
    const yesterday = daysFrom(owner.timezone, -1);
    for (const [who, id] of [
      [stranger, habit.id],
      [owner, missing],
      [owner, todo.id],
    ] as const) {
      expect((await call(who, 'PATCH', `/actionables/habits/${id}/uncomplete`)).status).toBe(404);
      expect((await call(who, 'POST', `/actionables/habits/${id}/completions`, { date: yesterday })).status).toBe(404);
      expect((await call(who, 'GET', `/actionables/habits/${id}/history`)).status).toBe(404);
    }
    // The owner's completion is untouched.
    expect((await habitOf(owner, habit.id)).habitToday).toMatchObject({ state: 'done', canUndo: true });
  });
});

describe('freezes in the points audit (the card and the audit show them)', () => {
  it('lists each freeze — all habits or one by its title, its days, when set and cancelled — beside the awards, counting nothing for it', async () => {
    const user = await newUser();
    const zone = user.timezone;
    const habit = await newHabit(user, { title: 'Stretch' });
    await ok(user, 'PATCH', `/actionables/habits/${habit.id}/complete`);
    // Audited once before the freezes: the kept audit is brought forward with them.
    expect((await auditOf(user)).freezes).toEqual([]);

    const all = (await created(user, '/actionables/habits/freezes', { from: daysFrom(zone, 1), to: daysFrom(zone, 7) })).freeze;
    const one = (await created(user, '/actionables/habits/freezes', { from: daysFrom(zone, 9), to: daysFrom(zone, 10), habitId: habit.id })).freeze;
    const standing = await auditOf(user);
    moveTo(now(zone).plus({ minutes: 2 }));
    expect((await call(user, 'DELETE', `/actionables/habits/freezes/${one.id}`)).status).toBe(204);

    const res = await call(user, 'GET', '/points/audit');
    expect(res.status).toBe(200);
    const { audit, entryCount } = res.body;
    expect(audit.freezes).toEqual([
      {
        freezeId: all.id,
        habitId: null,
        habitTitle: null,
        from: daysFrom(zone, 1),
        to: daysFrom(zone, 7),
        setAt: expect.any(String),
        cancelledAt: null,
        position: expect.any(String),
      },
      {
        freezeId: one.id,
        habitId: habit.id,
        habitTitle: 'Stretch',
        from: daysFrom(zone, 9),
        to: daysFrom(zone, 10),
        setAt: expect.any(String),
        cancelledAt: expect.any(String),
        position: expect.any(String),
      },
    ]);
    const [, cancelled] = audit.freezes;
    expect(Date.parse(cancelled.cancelledAt) - Date.parse(cancelled.setAt)).toBeGreaterThanOrEqual(120_000);
    // A freeze awards nothing: one award, the totals the habit's alone.
    expect(entryCount).toBe(1);
    expect(audit).toMatchObject({ consistent: true, recordedTotal: 10, recomputedTotal: 10, ledgerTotal: 10, entries: [{ sourceId: habit.id, points: 10 }] });
    expect(standing.freezes.map((freeze: { cancelledAt: string | null }) => freeze.cancelledAt)).toEqual([null, null]);
    // As of before the cancellation, both stand; as of before they were set, neither is there.
    const before = (await read(user, `/points/audit?asOf=${encodeURIComponent(new Date(Date.parse(cancelled.setAt) + 60_000).toISOString())}`)).audit;
    expect(before.freezes.map((freeze: { freezeId: string; cancelledAt: string | null }) => [freeze.freezeId, freeze.cancelledAt])).toEqual([
      [all.id, null],
      [one.id, null],
    ]);
    const earlier = (await read(user, `/points/audit?asOf=${encodeURIComponent(new Date(Date.parse(audit.freezes[0].setAt) - 1).toISOString())}`)).audit;
    expect(earlier.freezes).toEqual([]);
    // Someone else's audit shows none of them.
    expect((await auditOf(await newUser())).freezes).toEqual([]);
  });
});
