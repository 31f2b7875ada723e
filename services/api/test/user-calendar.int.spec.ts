import { describe, expect, it } from 'vitest';
import { apiClient, useTestApp, type ApiUser as User } from './support/api-client.ts';

// One today for every route (issue 18, finding 1): a zone change made today waits for today's end
// (at once when the date there is today's), so the habits, the dashboard's Today, the points and a
// second completion all see the same day, and no point is dated after it.

const app = useTestApp();
const { call, created, newUser } = apiClient(app);

/** Where the app's clock stands relative to the real one. */
let offset = 0;
/** Puts the app's clock at `instant` (sessions are stamped by it: set it before registering; then only forward). */
const clockAt = (instant: string) => {
  const move = Date.parse(instant) - (Date.now() + offset);
  offset += move;
  app.advanceClock(move);
};

const get = async (user: User, path: string) => {
  const res = await call(user, 'GET', path);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const patchSettings = async (user: User, body: unknown) => {
  const res = await call(user, 'PATCH', '/settings', body);
  if (res.status !== 200) throw new Error(`PATCH /settings: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.settings;
};
const complete = (user: User, id: string) => call(user, 'PATCH', `/actionables/habits/${id}/complete`);
/** The dashboard's Today: its date and the habit's row there. */
const todayList = async (user: User, id: string, timezone?: string) => {
  const body = await get(user, `/dashboard/daily-actionables${timezone ? `?timezone=${encodeURIComponent(timezone)}` : ''}`);
  return { date: body.date as string, habit: (body.actionables as Array<{ id: string; completedToday: boolean }>).find((item) => item.id === id) };
};
const pointsStats = async (user: User, timezone?: string) =>
  (await get(user, `/points/stats${timezone ? `?timezone=${encodeURIComponent(timezone)}` : ''}`)).stats as { today: number; total: number };

describe('one today for every route (issue 18, finding 1)', () => {
  it('a zone change east and back: the habit is done today everywhere, a second completion is refused, no point is dated tomorrow', async () => {
    // Thursday 26 November 2026, 20:00 UTC: Friday 10:00 in Kiritimati (+14), Thursday 15:00 in New York.
    clockAt('2026-11-26T20:00:00.000Z');
    const user = await newUser('Traveller', 'UTC');
    const { habit } = await created(user, '/actionables/habits', { title: 'Meditate', weight: 2 });
    const first = await complete(user, habit.id);
    expect(first.status).toBe(200);
    const awarded = first.body.pointsAwarded as number;
    expect(awarded).toBeGreaterThan(0);

    // East, where it is tomorrow already: today stays Thursday (in UTC) until it ends.
    const east = await patchSettings(user, { timezone: 'Pacific/Kiritimati' });
    const [shown] = (await get(user, '/actionables/habits')).habits;
    expect(shown).toMatchObject({ id: habit.id, streak: 1, lastCompletedAt: first.body.habit.lastCompletedAt });
    // The dashboard's Today agrees: done, not offered — with the zone the web sends (the user's) or none.
    for (const zone of [undefined, 'Pacific/Kiritimati']) {
      expect(await todayList(user, habit.id, zone), zone ?? 'no zone asked').toEqual({
        date: '2026-11-26',
        habit: expect.objectContaining({ completedToday: true }),
      });
    }
    const again = await complete(user, habit.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Habit already completed for this period');
    expect(await pointsStats(user)).toMatchObject({ today: awarded, total: awarded });
    // The settings say so: the new zone applies from tomorrow.
    expect(east).toMatchObject({
      timezone: 'Pacific/Kiritimati',
      today: { date: '2026-11-26', endsAt: '2026-11-27T00:00:00.000Z', timezone: 'UTC', dayStartHour: 0 },
      next: { timezone: 'Pacific/Kiritimati', dayStartHour: 0 },
    });
    expect((await get(user, '/settings')).settings.today.date).toBe('2026-11-26');

    // Back west to New York, still Thursday there: at once, and Thursday is not lived twice.
    const home = await patchSettings(user, { timezone: 'America/New_York' });
    expect(home).toMatchObject({ today: { date: '2026-11-26', endsAt: '2026-11-27T05:00:00.000Z', timezone: 'America/New_York' }, next: null });
    const [back] = (await get(user, '/actionables/habits')).habits;
    const lastDone = new Date(back.lastCompletedAt).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    expect({ lastDone, streak: back.streak }).toEqual({ lastDone: '2026-11-26', streak: 1 });
    expect(await todayList(user, habit.id, 'America/New_York')).toEqual({ date: lastDone, habit: expect.objectContaining({ completedToday: true }) });
    expect((await complete(user, habit.id)).status).toBe(409);
    // Only that one completion: points today are the total (nothing dated Friday).
    expect(await pointsStats(user, 'America/New_York')).toMatchObject({ today: awarded, total: awarded });
    const heatmap = (await get(user, '/points/heatmap?startDate=2026-11-25&endDate=2026-11-28')).heatmap as Array<{ date: string; points: number }>;
    expect(heatmap.filter((day) => day.points !== 0).map((day) => day.date)).toEqual(['2026-11-26']);

    // Friday begins at New York's midnight: the next completion counts for it and extends the streak.
    clockAt('2026-11-27T05:00:00.000Z');
    expect(await todayList(user, habit.id)).toEqual({ date: '2026-11-27', habit: expect.objectContaining({ completedToday: false }) });
    const friday = await complete(user, habit.id);
    expect(friday.status).toBe(200);
    expect(friday.body.streak).toBe(2);
  });

  it('a zone change that waits takes effect when today ends: the next day counts in the new zone', async () => {
    clockAt('2026-12-03T20:00:00.000Z');
    const user = await newUser('Flyer', 'UTC');
    const { habit } = await created(user, '/actionables/habits', { title: 'Stretch' });
    expect((await complete(user, habit.id)).status).toBe(200);
    await patchSettings(user, { timezone: 'Pacific/Kiritimati' });
    // UTC midnight ends Thursday; Friday counts in Kiritimati and ends at its midnight (10:00 UTC).
    clockAt('2026-12-04T00:00:00.000Z');
    expect((await get(user, '/settings')).settings).toMatchObject({
      today: { date: '2026-12-04', endsAt: '2026-12-04T10:00:00.000Z', timezone: 'Pacific/Kiritimati' },
      next: null,
    });
    expect(await todayList(user, habit.id)).toEqual({ date: '2026-12-04', habit: expect.objectContaining({ completedToday: false }) });
    const friday = await complete(user, habit.id);
    expect(friday.body).toMatchObject({ streak: 2 });
    clockAt('2026-12-04T10:00:00.000Z');
    expect((await get(user, '/settings')).settings.today.date).toBe('2026-12-05');
  });

  it('a day-start change counts from tomorrow: a completion before the hour then counts for the day before', async () => {
    clockAt('2026-12-10T12:00:00.000Z');
    const user = await newUser('Night owl', 'UTC');
    const { habit } = await created(user, '/actionables/habits', { title: 'Journal' });
    expect(await patchSettings(user, { dayStartHour: 4 })).toMatchObject({
      dayStartHour: 4,
      today: { date: '2026-12-10', endsAt: '2026-12-11T00:00:00.000Z', dayStartHour: 0 },
      next: { timezone: 'UTC', dayStartHour: 4 },
    });
    // Friday 11th began at midnight (the change waited for it) and ends at 04:00 on Saturday.
    clockAt('2026-12-12T02:00:00.000Z');
    expect((await get(user, '/settings')).settings.today).toEqual({ date: '2026-12-11', endsAt: '2026-12-12T04:00:00.000Z', timezone: 'UTC', dayStartHour: 4 });
    expect((await complete(user, habit.id)).status).toBe(200);
    expect((await get(user, '/points/heatmap?startDate=2026-12-10&endDate=2026-12-12')).heatmap.filter((day: { points: number }) => day.points > 0)).toEqual([
      expect.objectContaining({ date: '2026-12-11' }),
    ]);
    clockAt('2026-12-12T04:00:00.000Z');
    expect(await todayList(user, habit.id)).toEqual({ date: '2026-12-12', habit: expect.objectContaining({ completedToday: false }) });
  });
});
